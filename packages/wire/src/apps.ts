import { z } from 'zod';
import { APP_VIEW_ID, MAX_APP_URI } from '@mcpscope/protocol';

/** The most messages one POST …/app-messages carries (the web batches; more go in the next batch). */
export const MAX_APP_MESSAGES_PER_BATCH = 500;

/**
 * The body cap of POST …/app-messages (bytes): above the 4 MiB of other routes, so that one
 * message over mcpscope's 4 MiB message cap (a large tool result sent to the app) arrives and is
 * kept as a text frame with a finding instead of failing its whole batch with 413.
 */
export const APP_MESSAGES_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * POST /api/sessions/:id/app-messages: what an MCP App view and mcpscope's host side
 * (the web's AppBridge) said to each other, in order; 204. `view` is the id the web made for the
 * rendered view, `uri` its ui:// resource. `dir`: 'out' host → app, 'in' app → host. `msg` is
 * the app's data, judged by the engine (a message that is no JSON object, too deep or too large
 * becomes a text frame with a finding; the rest of the batch is recorded). 404 unknown session,
 * 409 a session that is not live (opened from a trace, wrapped, closed), 400 a body of another
 * shape. The app's requests for the server are not sent here: they go through
 * POST …/requests with the origin header `app: <uri>`.
 */
export const AppMessagesBodySchema = z.object({
  view: z.string().regex(APP_VIEW_ID),
  uri: z.string().min(1).max(MAX_APP_URI),
  messages: z
    .array(z.object({ dir: z.enum(['in', 'out']), msg: z.unknown() }))
    .min(1)
    .max(MAX_APP_MESSAGES_PER_BATCH),
});
export type AppMessagesBody = z.infer<typeof AppMessagesBodySchema>;
