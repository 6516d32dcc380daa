import { useMemo, useState } from 'react';
import { FILTER_HELP, parseFrameFilter, type FilterDiagnostic } from '@mcpscope/protocol';

/** A run of the filter text: flagged when the grammar did not understand it (a diagnostic). */
export interface FilterSegment {
  text: string;
  start: number;
  diagnostic?: FilterDiagnostic;
}

/** The text cut into runs, each flagged run being exactly one diagnostic's term. */
export function filterSegments(text: string, diagnostics: readonly FilterDiagnostic[]): FilterSegment[] {
  const out: FilterSegment[] = [];
  let at = 0;
  for (const d of diagnostics) {
    if (d.start < at || d.end > text.length) continue;
    if (d.start > at) out.push({ text: text.slice(at, d.start), start: at });
    out.push({ text: text.slice(d.start, d.end), start: d.start, diagnostic: d });
    at = d.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), start: at });
  return out;
}

const NONE: readonly FilterDiagnostic[] = [];

interface FilterText {
  text: string;
  /** The text is the one the table shows (typing has paused, or Enter was pressed). */
  applied: boolean;
  /** Sets the text and applies it at once. */
  applyText(text: string): void;
}

/**
 * Presenter of the Frames filter box: the grammar's diagnostics of the applied text (flagged
 * inline and said under the box, never thrown), the fix a diagnostic suggests, and the help —
 * every term of the grammar with an example (FILTER_HELP), an example one click from the box.
 */
export function useFilterBoxModel({ text, applied, applyText }: FilterText) {
  const diagnostics = useMemo(() => parseFrameFilter(text).diagnostics, [text]);
  // While typing, a half-written term (`is:er`) is not flagged: only once the text is applied.
  const shown = applied ? diagnostics : NONE;
  const [helpOpen, setHelpOpen] = useState(false);
  return {
    diagnostics: shown,
    segments: useMemo(() => filterSegments(text, shown), [text, shown]),
    /** The first problem, said in words; `more`: how many others are flagged. */
    message: shown[0]?.message,
    more: Math.max(0, shown.length - 1),
    /** Puts the term a diagnostic suggests in place of the flagged one. */
    fix(d: FilterDiagnostic) {
      if (d.suggestion === undefined || text.slice(d.start, d.end) !== d.term) return;
      applyText(text.slice(0, d.start) + d.suggestion + text.slice(d.end));
    },
    help: FILTER_HELP,
    helpOpen,
    setHelpOpen,
    /** Adds a help example to the filter (a key's term replaces one of the same key) and applies it. */
    applyExample(example: string) {
      const key = /^-?([a-z]+):/.exec(example)?.[1];
      const kept = text.split(/\s+/).filter((t) => t !== '' && (key === undefined || /^-?([a-z]+):/i.exec(t)?.[1]?.toLowerCase() !== key));
      applyText([...kept, example].join(' '));
      setHelpOpen(false);
    },
  };
}

export type FilterBoxModel = ReturnType<typeof useFilterBoxModel>;
