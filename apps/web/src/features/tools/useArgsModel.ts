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

  let text = state.text;
  if (tool && state.tool !== tool.name) {
    text = drafts.current.get(tool.name) ?? formatArgs(spec?.kind === 'object' ? initialObject(spec) : {});
    setState({ tool: tool.name, text });
  }

  useEffect(() => {
    let live = true;
    loadSchemaValidator().then((fn) => live && setValidate(() => fn), () => undefined);
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
    inexact,
    mode,
    setMode,
    reset: () => setText(formatArgs(spec?.kind === 'object' ? initialObject(spec) : {})),
  };
}

export type ArgsModel = ReturnType<typeof useArgsModel>;
