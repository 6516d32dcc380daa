import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Engine, Session } from '@mcpscope/engine';
import { ServerTaskListBodySchema, TaskCallBodySchema, TaskResultBodySchema } from '@mcpscope/wire';
import { ProxyError } from '../errors.js';
import { originOf } from './origin.js';
import { parseInput } from './parse.js';
import { sessionOr404 } from './sessions.js';

const TaskParamsSchema = z.object({ id: z.string().min(1), taskId: z.string().min(1).max(4096) });

/**
 * /api/sessions/:id/tasks: task-augmented tools/call, the session's tasks, and what
 * the user does to one (cancel, refresh, result, the server's tasks/list). Requests go out as
 * the user's (the origin header); the engine's polls as `task: poll`. Reading sends nothing.
 */
export const taskRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  const taskOf = (params: unknown): { session: Session; taskId: string } => {
    const { taskId } = parseInput(TaskParamsSchema, params, 'path parameters');
    return { session: sessionOr404(engine, params), taskId };
  };

  app.post('/sessions/:id/tasks', async (request) => {
    const session = sessionOr404(engine, request.params);
    const body = parseInput(TaskCallBodySchema, request.body, 'request body');
    return session.callTask(body.params, {
      callId: body.callId,
      ttlMs: body.ttlMs,
      timeoutMs: body.timeoutMs,
      resetTimeoutOnProgress: body.resetTimeoutOnProgress,
      maxTotalTimeoutMs: body.maxTotalTimeoutMs,
      origin: originOf(request),
    });
  });

  app.get('/sessions/:id/tasks', async (request) => ({ tasks: sessionOr404(engine, request.params).tasks.book.list() }));

  app.get('/sessions/:id/tasks/:taskId', async (request) => {
    const { session, taskId } = taskOf(request.params);
    const task = session.tasks.book.get(taskId);
    if (!task) throw new ProxyError('MCPSCOPE_ERR_TASK_NOT_FOUND', `No task ${JSON.stringify(taskId)} in this session`);
    return task;
  });

  app.post('/sessions/:id/tasks/list', async (request) => {
    const session = sessionOr404(engine, request.params);
    const { cursor } = parseInput(ServerTaskListBodySchema, request.body ?? {}, 'request body');
    return session.tasks.controls.list(cursor, originOf(request));
  });

  app.post('/sessions/:id/tasks/:taskId/cancel', async (request) => {
    const { session, taskId } = taskOf(request.params);
    return session.tasks.controls.cancel(taskId, originOf(request));
  });

  app.post('/sessions/:id/tasks/:taskId/refresh', async (request) => {
    const { session, taskId } = taskOf(request.params);
    return session.tasks.controls.refresh(taskId, originOf(request));
  });

  app.post('/sessions/:id/tasks/:taskId/result', async (request) => {
    const { session, taskId } = taskOf(request.params);
    const { timeoutMs } = parseInput(TaskResultBodySchema, request.body ?? {}, 'request body');
    return session.tasks.controls.result(taskId, originOf(request), timeoutMs);
  });
};
