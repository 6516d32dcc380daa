import { EmptyState } from '../../ui/EmptyState';

/**
 * No findings to list: either none at all (good news: every frame so far passed every rule), or
 * the severity filter hides the ones there are. `partial`: frames before this page joined are
 * not in the list (see the note above it), so the good news covers only the rest.
 */
export function FindingsEmpty({ hidden, partial }: { hidden: number; partial?: boolean }) {
  if (hidden > 0) {
    return (
      <EmptyState title="No findings of the severities shown" testId="findings-empty">
        <p>
          {hidden} finding{hidden === 1 ? ' is' : 's are'} hidden by the filter above: tick error, warning or info to list{' '}
          {hidden === 1 ? 'it' : 'them'}.
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={partial ? 'No findings in the frames this page has seen' : 'No findings: every frame so far follows the spec'}
      testId="findings-empty"
    >
      <p>
        Each frame of this session is checked against the MCP spec as it passes (JSON-RPC shape, lifecycle, capabilities, tool definitions,
        structured output, pagination, HTTP headers and more). Zero findings is good news; anything a rule catches is listed here with the
        spec's words, and a click shows the frame.
      </p>
      <p className="mt-2">
        Traffic is what gets checked: call tools, read resources, get prompts. To exercise a whole server and run every rule from a terminal
        or CI:
      </p>
      <code className="mt-1 block rounded border border-line bg-panel px-2 py-1 font-mono text-[12px] text-fg select-all">
        npx mcpscope check -- node server.js
      </code>
    </EmptyState>
  );
}
