import { sendBlockedReason } from '../../lib/capabilities';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigationTarget } from '../../lib/navigation';
import { useServices, useSessionSlot, useStoreSelector } from '../../lib/services';
import { useFeature } from '../../lib/useFeature';
import { useInvalidateOnNotification } from '../../lib/useInvalidateOnNotification';
import { usePagedList } from '../../lib/usePagedList';
import { useWorkbenchApi } from '../../lib/workbenchApi';
import { editInComposer } from '../../lib/composerPrefill';
import { failureSummary } from '../../lib/sessionHistory';
import { getHistory, getSummary, type GetRecord } from './getHistory';
import { buildPromptArguments } from './promptArgs';
import { GetPromptResultSchema, PromptSchema, type GetPromptResult } from './schemas';

interface GetOutcome {
  name: string;
  args: Record<string, string>;
  result: GetPromptResult;
  at: number;
}

/** Presenter of the Prompts tab: the list, the selected prompt's argument form, prompts/get. */
export function usePromptsModel(sessionId: string | null) {
  const wb = useWorkbenchApi();
  const { store } = useServices();
  const session = useStoreSelector((s) => s.sessions.find((x) => x.id === sessionId));
  const connected = session?.state === 'connected';
  const feature = useFeature(sessionId, 'prompts');
  const completions = useFeature(sessionId, 'completions');
  const [forced, setForced] = useState(false);
  const prompts = usePagedList(
    sessionId,
    'prompts/list',
    'prompts',
    PromptSchema,
    connected && (feature.declared || forced),
    'prompts: list',
  );
  useInvalidateOnNotification(sessionId, 'notifications/prompts/list_changed', 'prompts/list');

  const [search, setSearch] = useState('');
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const selected = prompts.items.find((p) => p.name === selectedName);
  const defs = selected?.arguments ?? [];
  const built = buildPromptArguments(defs, values);

  const get = useMutation({
    mutationFn: async ({ name, args }: { name: string; args: Record<string, string> }): Promise<GetOutcome> => {
      const started = Date.now();
      const record = (r: Pick<GetRecord, 'outcome' | 'summary'>) =>
        getHistory.record(store, sessionId!, {
          id: getHistory.nextId(),
          name,
          args,
          at: Date.now(),
          latencyMs: Date.now() - started,
          ...r,
        });
      try {
        const raw = await wb.result(sessionId!, 'prompts/get', getParams(name, args), 'prompts: get');
        const parsed = GetPromptResultSchema.safeParse(raw);
        if (!parsed.success) throw new Error(`The result of prompts/get does not match the spec: ${parsed.error.issues[0]?.message ?? ''}`);
        record({ outcome: 'ok', summary: getSummary(parsed.data) });
        return { name, args, result: parsed.data, at: Date.now() };
      } catch (err) {
        record(failureSummary(err));
        throw err;
      }
    },
  });
  const history = useSessionSlot(sessionId, getHistory.slot);

  useNavigationTarget('prompt', sessionId, setSelectedName);

  const q = search.trim().toLowerCase();
  return {
    sessionId,
    connected,
    /** Opened from a trace: the list is the recorded one. */
    offline: session?.offline === true,
    feature,
    completions,
    forced,
    forceList: () => setForced(true),
    prompts,
    visible: q ? prompts.items.filter((p) => [p.name, p.title, p.description].some((f) => f?.toLowerCase().includes(q))) : prompts.items,
    search,
    setSearch,
    selected,
    select(name: string) {
      if (name === selectedName) return;
      setSelectedName(name);
      setValues({});
      get.reset();
    },
    values,
    setValue: (name: string, value: string) => setValues((prev) => ({ ...prev, [name]: value })),
    missing: built.missing,
    canGet: connected && selected !== undefined && !get.isPending,
    /** Why prompts/get (and ↻) cannot be sent now, e.g. a trace. */
    blockedReason: sendBlockedReason(session),
    getPrompt() {
      if (selected) get.mutate({ name: selected.name, args: built.args });
    },
    get,
    /** Gets of this session, newest first. */
    history,
    /** Replay: the same prompt with the same arguments again. */
    rerun(entry: GetRecord) {
      setSelectedName(entry.name);
      setValues(entry.args);
      get.mutate({ name: entry.name, args: entry.args });
    },
    /** Edit and replay: the prompts/get in the Composer. */
    editInComposer: (entry: GetRecord) =>
      sessionId &&
      editInComposer(sessionId, { method: 'prompts/get', params: getParams(entry.name, entry.args) }, false, 'Prompts history'),
    clearHistory: () => sessionId && getHistory.clear(store, sessionId),
  };
}

const getParams = (name: string, args: Record<string, string>) => ({ name, ...(Object.keys(args).length ? { arguments: args } : {}) });

export type PromptsModel = ReturnType<typeof usePromptsModel>;
