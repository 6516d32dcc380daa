import { listEmptyReason } from '../../lib/listEmptyReason';
import { EmptyState } from '../../ui/EmptyState';
import type { PromptsModel } from './usePromptsModel';

/** The Prompts tab's right side when no prompt is selected: why, and what would fill it. */
export function PromptsEmpty({ m }: { m: PromptsModel }) {
  if (m.prompts.items.length > 0) {
    return (
      <EmptyState title="No prompt selected" testId="prompts-empty">
        <p>Pick a prompt on the left to fill in its arguments and get its messages (prompts/get).</p>
      </EmptyState>
    );
  }
  switch (listEmptyReason(m.prompts, { declared: m.feature.declared, forced: m.forced, offline: m.offline, connected: m.connected })) {
    case 'loading':
    case null:
      return (
        <EmptyState title="Listing prompts…" testId="prompts-empty">
          <p>prompts/list is on its way.</p>
        </EmptyState>
      );
    case 'undeclared':
      return (
        <EmptyState title="No prompts to get" testId="prompts-empty">
          <p>
            This server did not declare the prompts capability: it offers no prompt templates. “List anyway” on the left sends prompts/list
            regardless. Tools and Resources may still have what you need.
          </p>
        </EmptyState>
      );
    case 'failed':
      return (
        <EmptyState title="prompts/list failed" testId="prompts-empty">
          <p>The error is on the left, and the exchange is in the Frames tab. ↻ lists again.</p>
        </EmptyState>
      );
    case 'not-recorded':
      return (
        <EmptyState title="No prompt list in this trace" testId="prompts-empty">
          <p>The recorded session never received a prompts/list result. A live session lists its prompts when this tab opens.</p>
        </EmptyState>
      );
    case 'not-connected':
      return (
        <EmptyState title="The session is not connected" testId="prompts-empty">
          <p>Prompts are listed once the server is up; the Console tab shows its stderr and how it exited.</p>
        </EmptyState>
      );
    default:
      return (
        <EmptyState title="This server offers no prompts" testId="prompts-empty">
          <p>
            prompts/list came back empty. Prompts are message templates a server offers for a user to pick; a server that adds some later
            says so with notifications/prompts/list_changed (↻ lists again).
          </p>
        </EmptyState>
      );
  }
}
