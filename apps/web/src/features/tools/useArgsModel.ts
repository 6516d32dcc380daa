import { useEffect, useMemo, useRef, useState } from 'react';
import { loadSchemaValidator, type SchemaIssue, type ValidateFn } from '../../lib/schemaValidator';
import { formatArgs, inexactNumbers, parseArgs, setArgAt, type ArgsPath } from './argsDocument';
import { describeSchema, type FieldSpec } from './schemaForm';
import { initialObject } from './schemaValues';
import type { Tool } from './tool';

export type ArgsMode = 'form' | 'json';

export type ArgsValidation =
  | { status: 'pending' }
  | { status: 'syntax'; error: string }
  | { status: 'valid' }
  | { status: 'invalid'; issues: SchemaIssue[]; byPath: ReadonlyMap<string, string[]> }
  | { status: 'unusable'; reason: string };

/** The key of a field in `byPath` and in `data-path`: "size.width", "tags.0", "" for the root. */
export const pathKey = (path: ArgsPath) => path.join('.');

const REQUIRED = /required property "(.+)"/;

/** A missing required property is reported at its parent; show it on the field itself. */
export function issuesByPath(issues: SchemaIssue[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const issue of issues) {
    const missing = issue.keyword === 'required' ? REQUIRED.exec(issue.message)?.[1] : undefined;
    const key = pathKey(missing !== undefined ? [...issue.path, missing] : issue.path);
    const message = missing !== undefined ? 'Required' : issue.message;
    map.set(key, [...(map.get(key) ?? []), message]);
  }
  return map;
}

/**
 * The arguments editor of the selected tool: one JSON text (argsDocument) shown as a form
 * or in Monaco, a draft kept per tool while the page lives, and live validation against the
 * tool's inputSchema (errors shown, never blocking: see the call bar's "Send anyway").
 */
export function useArgsModel(tool: Tool | undefined) {
  const spec: FieldSpec | undefined = useMemo(() => (tool ? describeSchema(tool.inputSchema) : undefined), [tool]);
  const drafts = useRef(new Map<string, string>());
  const [state, setState] = useState<{ tool?: string; text: string }>({ text: '' });
  const [mode, setMode] = useState<ArgsMode>('form');
  const [validate, setValidate] = useState<ValidateFn | null>(null);
  // Which fields the user has been to (left or changed), per tool; `all` after a Call or a JSON
  // edit. Validation messages wait for it: a red "Required" before anything was touched reads as
  // a mistake the user did not make.
  const [touched, setTouched] = useState<{ tool?: string; keys: ReadonlySet<string>; all: boolean }>({ keys: new Set(), all: false });

  let text = state.text;
  if (tool && state.tool !== tool.name) {
    text = drafts.current.get(tool.name) ?? formatArgs(spec?.kind === 'object' ? initialObject(spec) : {});
    setState({ tool: tool.name, text });
  }
  const t = touched.tool === tool?.name ? touched : { tool: tool?.name, keys: new Set<string>(), all: false };
  const touch = (path: ArgsPath) => {
    const key = pathKey(path);
    if (!t.all && !t.keys.has(key)) setTouched({ ...t, keys: new Set([...t.keys, key]) });
  };
  const touchAll = () => {
    if (!t.all) setTouched({ ...t, all: true });
  };

  useEffect(() => {
    let live = true;
    loadSchemaValidator().then(
      (fn) => live && setValidate(() => fn),
      () => undefined,
    );
    return () => void (live = false);
  }, []);

  const parsed = useMemo(() => parseArgs(text), [text]);
  const validation: ArgsValidation = useMemo(() => {
    if (!parsed.ok) return { status: 'syntax', error: parsed.error };
    if (!tool || !validate) return { status: 'pending' };
    const r = validate(tool.inputSchema, parsed.value ?? {});
    if (r.status === 'invalid') return { status: 'invalid', issues: r.issues, byPath: issuesByPath(r.issues) };
    return r;
  }, [parsed, tool, validate]);
  const inexact = useMemo(() => inexactNumbers(text), [text]);
  /** The problems to show now: of touched fields (a field's own key or one under it), or all once `all`. */
  const shown: ReadonlyMap<string, string[]> | undefined = useMemo(() => {
    if (validation.status !== 'invalid') return undefined;
    if (t.all) return validation.byPath;
    return new Map([...validation.byPath].filter(([k]) => [...t.keys].some((key) => k === key || (key !== '' && k.startsWith(`${key}.`)))));
  }, [validation, t]);

  const setText = (next: string) => {
    if (tool) drafts.current.set(tool.name, next);
    setState({ tool: tool?.name, text: next });
  };

  return {
    spec,
    text,
    setText,
    /** Applies a form edit: `value === undefined` removes the key (an emptied optional field). */
    setAt: (path: ArgsPath, value: unknown) => setText(setArgAt(text, path, value)),
    update: (fn: (text: string) => string) => setText(fn(text)),
    parsed,
    validation,
    /** Problems of the fields the user touched (all of them after a Call or a JSON edit). */
    shownErrors: shown,
    touch,
    touchAll,
    inexact,
    mode,
    setMode,
    reset: () => setText(formatArgs(spec?.kind === 'object' ? initialObject(spec) : {})),
  };
}

export type ArgsModel = ReturnType<typeof useArgsModel>;
