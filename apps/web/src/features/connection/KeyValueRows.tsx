import type { ClipboardEvent } from 'react';
import type { KeyValue } from './connectionForm';

interface Props {
  rows: KeyValue[];
  onChange: (rows: KeyValue[]) => void;
  keyPlaceholder: string;
  valuePlaceholder: string;
  /** Values whose key matches are shown as password fields. */
  isSecret?: (key: string) => boolean;
  testId?: string;
}

/** Editable key/value rows. Pasting several `KEY=VALUE` lines into a key cell adds them all. */
export function KeyValueRows({ rows, onChange, keyPlaceholder, valuePlaceholder, isSecret, testId }: Props) {
  const set = (i: number, patch: Partial<KeyValue>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!text.includes('\n') && !text.includes('=')) return;
    const pasted = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.search(/[=:]/);
        return at < 0 ? { key: line, value: '' } : { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
      });
    if (pasted.length === 0) return;
    e.preventDefault();
    onChange([...rows.slice(0, i), ...pasted, ...rows.slice(i + 1)]);
  };
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-1">
          <input
            className="input font-mono"
            placeholder={keyPlaceholder}
            value={row.key}
            onChange={(e) => set(i, { key: e.target.value })}
            onPaste={(e) => onPaste(i, e)}
            aria-label={`${keyPlaceholder} ${i + 1}`}
          />
          <input
            className="input font-mono"
            placeholder={valuePlaceholder}
            type={isSecret?.(row.key) ? 'password' : 'text'}
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
            aria-label={`${valuePlaceholder} ${i + 1}`}
          />
          <button className="btn btn-ghost px-1.5" title="Remove" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ✕
          </button>
        </div>
      ))}
      <button className="btn btn-ghost self-start text-accent" onClick={() => onChange([...rows, { key: '', value: '' }])}>
        + Add
      </button>
    </div>
  );
}
