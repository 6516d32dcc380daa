import { useState } from 'react';
import { activeSessionStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { JsonTree } from '../../ui/JsonTree';
import { AppArea } from './app/AppArea';
import { ArgsEditor } from './ArgsEditor';
import { CallBar } from './CallBar';
import { ListDiffBanner } from './ListDiffBanner';
import { AppBadges, ClaimBadges, ToolIcon, ToolList } from './ToolList';
import { ToolHistory } from './ToolHistory';
import { ToolResult } from './ToolResult';
import { ToolsEmpty, ToolsUndeclared } from './ToolsEmpty';
import { WaitingFor } from './WaitingFor';
import { EmptyState } from '../../ui/EmptyState';
import { toolLabel, type Tool } from './tool';
import { useToolWorkbench } from './useToolWorkbench';

/** The Tools tab: list, arguments (form ⇄ JSON), call with progress, result, history, list changes. Default export, for React.lazy. */
export default function ToolsWorkbench() {
  const sessionId = useValue(activeSessionStore);
  const w = useToolWorkbench(sessionId);
  const { tools, tool } = w;
  if (!sessionId) {
    return (
      <EmptyState title="No session selected" testId="tools-empty">
        <p>
          Connect to a server (or start the demo) in the sidebar: its tools are listed here, each with a form made from its input schema.
        </p>
      </EmptyState>
    );
  }
  if (!tools.availability.available && !tools.availability.declared) {
    return (
      <div className="flex h-full min-h-0 flex-col">
        <FeatureUnavailable feature="tools" reason={tools.availability.reason ?? 'Tools are unavailable'} />
        <ToolsUndeclared connected={tools.session?.state === 'connected'} />
      </div>
    );
  }
  return (
    <div className="relative flex h-full min-h-0 flex-col">
      {tools.change && <ListDiffBanner change={tools.change} onAcknowledge={tools.acknowledge} onSelect={tools.select} />}
      <div className="flex min-h-0 flex-1">
        <div className="w-64 shrink-0 border-r border-line">
          <ToolList m={tools} />
        </div>
        {tool ? (
          <div className="flex min-w-0 flex-1 flex-col">
            <ToolHeader tool={tool} />
            <div className="flex min-h-0 flex-1">
              <div className="flex min-w-0 flex-1 flex-col border-r border-line">
                <ArgsEditor key={tool.name} m={w.args} toolName={tool.name} onSubmit={() => w.callNow()} />
                <CallBar
                  args={w.args}
                  call={w.call}
                  canCall={w.canCall}
                  whyNot={w.whyNot}
                  blocked={w.blocked}
                  onCall={() => w.callNow()}
                  onCallAnyway={() => w.callNow(true)}
                  timeoutSec={w.timeoutSec}
                  setTimeoutSec={w.setTimeoutSec}
                  task={w.task}
                />
              </div>
              <div className={`flex ${w.apps.uri ? 'w-[56%]' : 'w-[46%]'} min-w-[320px] flex-col overflow-hidden`} data-app-bounds>
                <AppArea apps={w.apps} running={!!w.call.running} live={tools.session?.state === 'connected'} />
                {w.last ? (
                  <ToolResult key={w.last.callId} last={w.last} outputSchema={tool.outputSchema} />
                ) : (
                  <div className="flex-1 p-3 text-xs text-muted">
                    {w.call.running ? (
                      <WaitingFor sessionId={w.call.running.sessionId} />
                    ) : (
                      'Fill in the arguments and press Call. The exchange also appears in the Frames tab.'
                    )}
                  </div>
                )}
                <ToolHistory
                  calls={w.calls}
                  onLoad={w.loadArgs}
                  onRerun={w.rerun}
                  cliCommand={w.cliCommand}
                  onClear={() => void w.clearHistory()}
                  canCall={w.canCall}
                />
              </div>
            </div>
          </div>
        ) : (
          <ToolsEmpty m={tools} />
        )}
      </div>
    </div>
  );
}

function ToolHeader({ tool }: { tool: Tool }) {
  const [showDef, setShowDef] = useState(false);
  const label = toolLabel(tool);
  return (
    <div className="max-h-[40%] shrink-0 overflow-auto border-b border-line px-2 py-1.5" data-testid="tool-header" data-name={tool.name}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <ToolIcon tool={tool} size={20} />
        <span className="font-semibold">{label}</span>
        {label !== tool.name && <code className="text-[11px] text-muted">{tool.name}</code>}
        <AppBadges tool={tool} inList={false} />
        <ClaimBadges tool={tool} />
        {tool.outputSchema !== undefined && (
          <span className="chip" title="Structured results are checked against it">
            outputSchema
          </span>
        )}
        <button className="btn btn-ghost ml-auto" aria-pressed={showDef} onClick={() => setShowDef((s) => !s)}>
          {showDef ? 'Hide definition' : 'Definition'}
        </button>
      </div>
      {tool.description && <p className="mt-0.5 text-xs whitespace-pre-wrap text-muted">{tool.description}</p>}
      {showDef && (
        <div className="mt-1 rounded border border-line p-1">
          <JsonTree value={tool.raw} openDepth={3} />
        </div>
      )}
    </div>
  );
}
