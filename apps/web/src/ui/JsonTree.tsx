import { memo, useState } from 'react';

const STRING_LIMIT = 240;
const CHILD_PAGE = 200;

export interface JsonTreeProps {
  value: unknown;
  /** Levels open on first render; Infinity for "expand all". Remount (key) to re-apply. */
  openDepth?: number;
  /** Name shown for the root, e.g. "params". */
  rootName?: string;
  /**
   * Keys whose value opens one level past `openDepth` (a tools/call's `arguments` in the frame
   * detail): what the user came to read is not one click away.
   */
  openKeys?: ReadonlySet<string>;
}

/** A collapsible JSON tree. Large arrays/objects render in pages; long strings truncate. */
export function JsonTree({ value, openDepth = 2, rootName, openKeys }: JsonTreeProps) {
  return (
    <div className="font-mono text-[12px] leading-[18px]" role="tree">
      <JsonNode name={rootName} value={value} depth={0} openDepth={openDepth} openKeys={openKeys} />
    </div>
  );
}

interface NodeProps {
  name?: string | number;
  value: unknown;
  depth: number;
  openDepth: number;
  openKeys?: ReadonlySet<string>;
}

const JsonNode = memo(function JsonNode({ name, value, depth, openDepth, openKeys }: NodeProps) {
  const [open, setOpen] = useState(depth < openDepth || (depth === openDepth && typeof name === 'string' && openKeys?.has(name) === true));
  const [shown, setShown] = useState(CHILD_PAGE);
  const isContainer = value !== null && typeof value === 'object';
  const indent = { paddingLeft: depth * 14 };
  const label =
    name === undefined ? null : (
      <>
        <span className={typeof name === 'number' ? 'text-subtle' : 'text-json-key'}>
          {typeof name === 'number' ? name : JSON.stringify(name)}
        </span>
        <span className="text-subtle">: </span>
      </>
    );

  if (!isContainer) {
    return (
      // Wrapped at spaces; only a token too long for the line is broken ("drizzl e" read as two words).
      <div style={indent} className="pl-3.5 break-words whitespace-pre-wrap" role="treeitem">
        <span className="inline-block w-3.5" />
        {label}
        <Scalar value={value} />
      </div>
    );
  }

  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  const [openBracket, closeBracket] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const summary = Array.isArray(value)
    ? `${entries.length} item${entries.length === 1 ? '' : 's'}`
    : `${entries.length} key${entries.length === 1 ? '' : 's'}`;

  return (
    <div role="treeitem" aria-expanded={open}>
      <div style={indent} className="flex cursor-pointer items-start rounded-sm hover:bg-hover" onClick={() => setOpen((o) => !o)}>
        <span className="inline-block w-3.5 shrink-0 text-center text-subtle select-none">{entries.length ? (open ? '▾' : '▸') : ''}</span>
        <span>
          {label}
          <span className="text-subtle">{openBracket}</span>
          {!open || entries.length === 0 ? (
            <>
              {entries.length > 0 && <span className="px-1 text-subtle">… {summary}</span>}
              <span className="text-subtle">{closeBracket}</span>
            </>
          ) : null}
        </span>
      </div>
      {open && entries.length > 0 && (
        <>
          {entries.slice(0, shown).map(([k, v]) => (
            <JsonNode key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} openKeys={openKeys} />
          ))}
          {entries.length > shown && (
            <div style={{ paddingLeft: (depth + 1) * 14 + 14 }}>
              <button className="text-accent hover:underline" onClick={() => setShown((n) => n + CHILD_PAGE * 5)}>
                show {Math.min(CHILD_PAGE * 5, entries.length - shown)} more of {entries.length - shown} remaining
              </button>
            </div>
          )}
          <div style={indent} className="pl-3.5 text-subtle">
            {closeBracket}
          </div>
        </>
      )}
    </div>
  );
});

function Scalar({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    if (text.length <= STRING_LIMIT || full) return <span className="text-json-string">{text}</span>;
    return (
      <span className="text-json-string">
        {text.slice(0, STRING_LIMIT)}
        <button className="ml-1 rounded-sm bg-raised px-1 text-[11px] text-accent hover:underline" onClick={() => setFull(true)}>
          … +{(text.length - STRING_LIMIT).toLocaleString('en-US')} chars
        </button>
      </span>
    );
  }
  if (typeof value === 'number') return <span className="text-json-number">{String(value)}</span>;
  if (value === undefined) return <span className="text-subtle">undefined</span>;
  return <span className="text-json-literal">{String(value)}</span>;
}
