import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { EchoGuard } from './echoGuard';
import { resolvedThemeStore } from '../../lib/theme';
import { useValue } from '../../lib/valueStore';
import { jsonDefaults } from './setupMonaco';

export interface MonacoJsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd-Enter. */
  onSubmit?: () => void;
  /** A JSON schema for validation and completion in the editor. */
  schema?: object;
  modelPath?: string;
  ariaLabel?: string;
}

/** A JSON editor on Monaco. Default export, for React.lazy. */
export default function MonacoJsonEditor({
  value,
  onChange,
  onSubmit,
  schema,
  modelPath = 'inmemory://mcpscope/draft.json',
  ariaLabel,
}: MonacoJsonEditorProps) {
  const theme = useValue(resolvedThemeStore);
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;
  // Uncontrolled while typing (see EchoGuard): the model is the editor's; `value` is applied only
  // when it is a text the editor did not report itself.
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  const echoes = useRef(new EchoGuard());
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || echoes.current.isEcho(value) || value === model.getValue()) return;
    echoes.current.reset();
    editor.executeEdits('mcpscope', [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }]);
    editor.pushUndoStop();
  }, [value]);

  useEffect(() => {
    if (!schema) return;
    jsonDefaults.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      schemas: [{ uri: `${modelPath}.schema`, fileMatch: [modelPath], schema }],
    });
  }, [schema, modelPath]);

  const onMount: OnMount = (editor, m) => {
    // An action, not addCommand: addCommand binds the key in Monaco's one keybinding service for
    // every editor and is never removed, so a disposed editor's handler (and closure) lingers.
    // An action's key is scoped to this editor and goes with it.
    const submit = editor.addAction({
      id: 'mcpscope.submit',
      label: 'Send',
      keybindings: [m.KeyMod.CtrlCmd | m.KeyCode.Enter],
      run: () => submitRef.current?.(),
    });
    editorRef.current = editor;
    editor.onDidDispose(() => {
      submit.dispose();
      if (editorRef.current === editor) editorRef.current = null;
    });
    // A change made while it mounted (a prefill arriving with the editor) is applied now.
    if (editor.getValue() !== valueRef.current) editor.setValue(valueRef.current);
    editor.focus();
  };

  return (
    <Editor
      language="json"
      path={modelPath}
      defaultValue={value}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      onChange={(v) => {
        echoes.current.emitted(v ?? '');
        onChangeRef.current(v ?? '');
      }}
      onMount={onMount}
      loading={<div className="p-2 text-muted">Loading editor…</div>}
      options={{
        minimap: { enabled: false },
        fontSize: 12,
        lineNumbers: 'on',
        lineNumbersMinChars: 3,
        scrollBeyondLastLine: false,
        tabSize: 2,
        automaticLayout: true,
        wordWrap: 'on',
        renderLineHighlight: 'line',
        fontFamily: "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace",
        ariaLabel,
        fixedOverflowWidgets: true,
      }}
    />
  );
}
