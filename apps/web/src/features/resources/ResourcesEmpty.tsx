import { listEmptyReason } from '../../lib/listEmptyReason';
import { EmptyState } from '../../ui/EmptyState';
import type { ResourcesModel } from './useResourcesModel';

/** The Resources tab's right side when nothing is selected: why, and what would fill it. */
export function ResourcesEmpty({ m }: { m: ResourcesModel }) {
  const any = m.resources.items.length > 0 || m.templates.items.length > 0;
  if (any) {
    return (
      <EmptyState title="No resource selected" testId="resources-empty">
        <p>
          Pick a resource on the left to read it, or a template to fill in its variables. A resource link in a tool result opens here too
          (Open in Resources).
        </p>
      </EmptyState>
    );
  }
  const session = { declared: m.feature.declared, forced: m.forced, offline: m.session?.offline === true, connected: m.connected };
  const reasons = [listEmptyReason(m.resources, session), listEmptyReason(m.templates, session)];
  const reason = reasons.includes('loading') ? 'loading' : reasons[0];
  switch (reason) {
    case 'loading':
      return (
        <EmptyState title="Listing resources…" testId="resources-empty">
          <p>resources/list and resources/templates/list are on their way.</p>
        </EmptyState>
      );
    case 'undeclared':
      return (
        <EmptyState title="No resources to read" testId="resources-empty">
          <p>
            This server did not declare the resources capability. “List anyway” on the left sends resources/list regardless; a resource link
            in a tool result still opens here and is read by its URI.
          </p>
        </EmptyState>
      );
    case 'failed':
      return (
        <EmptyState title="Listing failed" testId="resources-empty">
          <p>The error is on the left, and the exchange is in the Frames tab. ↻ lists again.</p>
        </EmptyState>
      );
    case 'not-recorded':
      return (
        <EmptyState title="No resource list in this trace" testId="resources-empty">
          <p>
            The recorded session never received a resources/list result. A live session lists resources and templates when this tab opens.
          </p>
        </EmptyState>
      );
    case 'not-connected':
      return (
        <EmptyState title="The session is not connected" testId="resources-empty">
          <p>Resources are listed once the server is up; the Console tab shows its stderr and how it exited.</p>
        </EmptyState>
      );
    default:
      return (
        <EmptyState title="This server offers no resources" testId="resources-empty">
          <p>
            resources/list and resources/templates/list came back empty. A server that adds some later says so with
            notifications/resources/list_changed (↻ lists again). A resource link in a tool result still opens here, read by its URI.
          </p>
        </EmptyState>
      );
  }
}
