import { useState } from 'react';
import { CopyButton } from './CopyButton';
import { JsonTree } from './JsonTree';

const RAW_LIMIT = 200_000;

/** A JSON value with tree/raw modes, expand/collapse all and copy. */
export function JsonView({
  value,
  copyTestId,
  toolbarExtra,
  openKeys,
}: {
  value: unknown;
  copyTestId?: string;
  toolbarExtra?: React.ReactNode;
  openKeys?: ReadonlySet<string>;
}) {
  const [mode, setMode] = useState<'tree' | 'raw'>('tree');
  const [depth, setDepth] = useState({ depth: 2, n: 0 });
  const [showAllRaw, setShowAllRaw] = useState(false);
  const raw = mode === 'raw' ? (JSON.stringify(value, null, 2) ?? 'undefined') : '';
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-1 border-b border-line px-2 py-1">
        <div className="flex overflow-hidden rounded border border-line">
          {(['tree', 'raw'] as const).map((m) => (
            <button
              key={m}
              className={`h-6 px-2 text-xs ${mode === m ? 'bg-selected text-fg' : 'bg-raised text-muted hover:bg-hover'}`}
              onClick={() => setMode(m)}
            >
              {m === 'tree' ? 'Tree' : 'Raw'}
            </button>
          ))}
        </div>
        {mode === 'tree' && (
          <>
            <button className="btn btn-ghost" title="Expand all" onClick={() => setDepth((d) => ({ depth: Infinity, n: d.n + 1 }))}>
              ⊞ Expand
            </button>
            <button className="btn btn-ghost" title="Collapse all" onClick={() => setDepth((d) => ({ depth: 1, n: d.n + 1 }))}>
              ⊟ Collapse
            </button>
          </>
        )}
        <span className="flex-1" />
        {toolbarExtra}
        <CopyButton text={() => JSON.stringify(value, null, 2) ?? ''} label="Copy JSON" testId={copyTestId} />
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-2">
        {mode === 'tree' ? (
          <JsonTree key={depth.n} value={value} openDepth={depth.depth} openKeys={depth.n === 0 ? openKeys : undefined} />
        ) : (
          <pre className="font-mono text-[12px] leading-[18px] break-words whitespace-pre-wrap">
            {showAllRaw ? raw : raw.slice(0, RAW_LIMIT)}
            {!showAllRaw && raw.length > RAW_LIMIT && (
              <button className="btn mt-2" onClick={() => setShowAllRaw(true)}>
                Show all {raw.length.toLocaleString('en-US')} characters
              </button>
            )}
          </pre>
        )}
      </div>
    </div>
  );
}
