import type { FrameEvent } from '@mcpscope/protocol';
import { isRecord } from '@mcpscope/protocol';

/**
 * Tasks mcpscope runs for the server (2025-11-25 basic/utilities/tasks, the receiver side): a
 * server may send its sampling/createMessage or elicitation/create with `params.task`
 * (server-everything's `*-async` tools); mcpscope answers with a CreateTaskResult, then answers
 * the server's tasks/get and tasks/result. The proxy's task list covers only tasks the server
 * runs, so these are read from the frames: mcpscope's own replies say what it told the server.
 */
export interface ReceiverTask {
  taskId: string;
  /** The request the task runs (the method the CreateTaskResult answered). */
  method?: string;
  status: string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  /** tasks/get the server sent for it. */
  serverPolls: number;
  /** mcpscope answered the server's tasks/result. */
  resultSent: boolean;
  firstSeq: number;
  lastSeq: number;
}

/** Past this many, the oldest is forgotten (the frames keep everything). */
export const MAX_RECEIVER_TASKS = 200;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);
const str = (o: Record<string, unknown>, key: string) => (typeof own(o, key) === 'string' ? (own(o, key) as string) : undefined);

/** The fields of a Task object (CreateTaskResult.task, a tasks/get result, a status notification). */
function taskFields(t: Record<string, unknown>): Partial<ReceiverTask> {
  const ttl = own(t, 'ttl');
  const poll = own(t, 'pollInterval');
  const out: Partial<ReceiverTask> = {};
  const status = str(t, 'status');
  if (status !== undefined) out.status = status;
  if (str(t, 'statusMessage') !== undefined) out.statusMessage = str(t, 'statusMessage');
  if (str(t, 'createdAt') !== undefined) out.createdAt = str(t, 'createdAt');
  if (str(t, 'lastUpdatedAt') !== undefined) out.lastUpdatedAt = str(t, 'lastUpdatedAt');
  if (typeof ttl === 'number' || ttl === null) out.ttlMs = ttl;
  if (typeof poll === 'number') out.pollIntervalMs = poll;
  return out;
}

/** Folds frames, in order, into the receiver tasks of one session. */
export class ReceiverTaskIndex {
  private readonly tasks = new Map<string, ReceiverTask>();
  /** The server's tasks/result requests by seq, until answered: the reply is paired by seq (the related-task _meta the spec requires there is not always sent). */
  private readonly resultRequests = new Map<number, string>();
  version = 0;

  list(): ReceiverTask[] {
    return [...this.tasks.values()].sort((a, b) => b.firstSeq - a.firstSeq);
  }

  apply(frame: FrameEvent): void {
    const msg = frame.msg as Record<string, unknown> | undefined;
    if (!msg) return;
    const method = str(msg, 'method');
    if (frame.dir === 'in') {
      // The server polling a task mcpscope runs.
      const params = own(msg, 'params');
      if (!Object.hasOwn(msg, 'id') || !isRecord(params)) return;
      const taskId = str(params, 'taskId');
      if (method === 'tasks/get') this.update(taskId, frame.seq, (t) => ({ serverPolls: t.serverPolls + 1 }));
      if (method === 'tasks/result' && taskId !== undefined && this.tasks.has(taskId)) {
        this.resultRequests.set(frame.seq, taskId);
        if (this.resultRequests.size > MAX_RECEIVER_TASKS) this.resultRequests.delete(this.resultRequests.keys().next().value!);
      }
      return;
    }
    if (method === 'notifications/tasks/status') {
      const params = own(msg, 'params');
      if (isRecord(params)) this.update(str(params, 'taskId'), frame.seq, () => taskFields(params));
      return;
    }
    const result = own(msg, 'result');
    if (method !== undefined || !isRecord(result)) return;
    const answered = frame.pair?.method;
    const created = own(result, 'task');
    if (isRecord(created) && typeof own(created, 'taskId') === 'string') {
      const taskId = own(created, 'taskId') as string;
      if (!this.tasks.has(taskId)) {
        this.tasks.set(taskId, {
          taskId,
          method: answered,
          status: 'working',
          serverPolls: 0,
          resultSent: false,
          firstSeq: frame.seq,
          lastSeq: frame.seq,
        });
        this.trim();
      }
      this.update(taskId, frame.seq, () => taskFields(created));
    } else if (answered === 'tasks/get' || answered === 'tasks/cancel') {
      this.update(str(result, 'taskId'), frame.seq, () => taskFields(result));
    } else if (answered === 'tasks/result') {
      const meta = own(result, '_meta');
      const related = isRecord(meta) ? own(meta, RELATED_TASK) : undefined;
      const requestSeq = frame.pair!.requestSeq;
      const taskId = (isRecord(related) ? str(related, 'taskId') : undefined) ?? this.resultRequests.get(requestSeq);
      this.resultRequests.delete(requestSeq);
      this.update(taskId, frame.seq, () => ({ resultSent: true }));
    }
  }

  private update(taskId: string | undefined, seq: number, change: (t: ReceiverTask) => Partial<ReceiverTask>): void {
    const t = taskId === undefined ? undefined : this.tasks.get(taskId);
    if (!t) return;
    this.tasks.set(t.taskId, { ...t, ...change(t), taskId: t.taskId, lastSeq: seq });
    this.version++;
  }

  private trim(): void {
    this.version++;
    if (this.tasks.size <= MAX_RECEIVER_TASKS) return;
    const oldest = [...this.tasks.values()].reduce((a, b) => (a.firstSeq <= b.firstSeq ? a : b));
    this.tasks.delete(oldest.taskId);
  }
}
