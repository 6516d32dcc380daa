import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { connectFailureDetails } from '../../lib/api';
import { useCreateSession } from '../../lib/connectDemo';
import { useServices, useStoreSelector } from '../../lib/services';
import { activeSessionStore, connectFocusStore } from '../../lib/uiState';
import { useValue } from '../../lib/valueStore';
import { connectOpenStore, connectSectionState } from './connectSection';
import { sessionOptions, telemetryChoiceStore } from './telemetryChoice';
import {
  commandArgv,
  emptyForm,
  fromSessionConfig,
  toSessionConfig,
  type ConnectionForm,
  type FieldErrors,
  type SavedConfig,
  type TransportChoice,
} from './connectionForm';

export const INFO_QUERY_KEY = ['info'] as const;

/** Presenter of the connection form: form state, validation, connect and the demo button. */
export function useConnectionModel() {
  const { api } = useServices();
  const [form, setForm] = useState<ConnectionForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const info = useQuery({ queryKey: INFO_QUERY_KEY, queryFn: () => api.info(), staleTime: Infinity });

  // The OpenTelemetry switches go with whatever this form starts: the demo is a stdio server too.
  const startsStdio = useRef(true);
  const connect = useCreateSession(() => sessionOptions(telemetryChoiceStore.getSnapshot(), startsStdio.current));

  const failure = connectFailureDetails(connect.error);
  const failedId = failure?.sessionId;
  const failedSessionShown = useStoreSelector(
    (s) => failedId !== undefined && s.sessions.some((x) => x.id === failedId && x.state === 'failed' && x.error !== undefined),
  );
  const activeId = useValue(activeSessionStore);
  // The error belongs to the attempt it describes: once that session connects (an OAuth flow
  // succeeded, a retry) or is removed, it is superseded and goes away.
  const failedState = useStoreSelector((s) =>
    failedId === undefined ? undefined : (s.sessions.find((x) => x.id === failedId)?.state ?? 'gone'),
  );
  // Listed once, then gone (removed): superseded too; not listed yet (the socket is behind the reply): kept.
  const seenFailed = useRef<string | undefined>(undefined);
  if (failedState !== undefined && failedState !== 'gone') seenFailed.current = failedId;
  const superseded =
    failedId !== undefined &&
    failedState !== undefined &&
    failedState !== 'failed' &&
    (failedState !== 'gone' || seenFailed.current === failedId);
  const reset = connect.reset;
  useEffect(() => {
    if (superseded) reset();
  }, [superseded, reset]);

  const sessionCount = useStoreSelector((s) => s.sessions.length);
  // A request to focus the form (requestConnectFocus, e.g. the Welcome screen) opens it until the user collapses it again.
  const focusRequest = useValue(connectFocusStore);
  const [collapsedAt, setCollapsedAt] = useState(focusRequest);
  const section = connectSectionState(useValue(connectOpenStore) || focusRequest > collapsedAt, sessionCount);

  const argv = useMemo(() => (form.transport === 'stdio' ? commandArgv(form) : null), [form.transport, form.command, form.argsLine]);

  const update = (patch: Partial<ConnectionForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if (Object.keys(fieldErrors).length) setFieldErrors({});
  };

  return {
    /** The section is open (always while there is no session) and whether it can be collapsed. */
    sectionOpen: section.open,
    collapsible: section.collapsible,
    toggleSection() {
      if (!section.collapsible) return;
      setCollapsedAt(focusRequest);
      connectOpenStore.set(!section.open);
    },
    form,
    update,
    setTransport: (transport: TransportChoice) => update({ transport }),
    fieldErrors,
    /** The exact argv the server will get, shown under the fields; null while unparseable. */
    argvPreview: argv?.ok ? argv.argv : null,
    pending: connect.isPending,
    error: connect.error,
    failure,
    /** The failed session is listed and selected, so its banner already shows the details. */
    failedSessionShown: failedSessionShown && activeId === failedId,
    /** The failed session is listed (selected or not): the sidebar keeps one line and a way to it, the details stay with the session. */
    failedSessionListed: failedSessionShown,
    showFailedSession: () => failedId !== undefined && activeSessionStore.set(failedId),
    dismissError: () => connect.reset(),
    /** Validates locally first: an invalid form is never sent. */
    submit(): boolean {
      const result = toSessionConfig(form);
      if (!result.ok) {
        setFieldErrors(result.errors);
        return false;
      }
      setFieldErrors({});
      startsStdio.current = result.config.transport === 'stdio';
      connect.mutate(result.config);
      return true;
    },
    demo: info.data?.demo,
    /** The OTLP receiver a stdio server is pointed at by "collect server spans". */
    otlpReceiver: info.data?.otlpReceiver,
    infoError: info.error,
    proxyVersion: info.data?.version,
    connectDemo() {
      if (!info.data?.demo) return;
      startsStdio.current = info.data.demo.transport === 'stdio';
      connect.mutate(info.data.demo);
    },
    loadConfig(config: SavedConfig) {
      setForm(fromSessionConfig(config));
      setFieldErrors({});
      connect.reset();
    },
    currentConfig(): SavedConfig | null {
      const result = toSessionConfig(form);
      return result.ok ? (result.config as SavedConfig) : null;
    },
  };
}
