import type { PagedList } from './usePagedList';

/**
 * Why a server list (tools, resources, prompts) shows nothing, so its empty state can say what
 * would fill it: still `loading`; the server did not declare the feature (`undeclared`, until
 * the user lists anyway); the list request `failed`; a trace that recorded no listing
 * (`not-recorded`); a session that is not connected (`not-connected`); or the server answered
 * with an `empty` list. null: there is something to show (or more pages on the way).
 */
export type ListEmptyReason = 'loading' | 'undeclared' | 'failed' | 'not-recorded' | 'not-connected' | 'empty';

type ListState = Pick<PagedList<unknown>, 'items' | 'pages' | 'hasMore' | 'isLoading' | 'error'>;

export function listEmptyReason(
  list: ListState,
  session: { declared: boolean; forced?: boolean; offline: boolean; connected: boolean },
): ListEmptyReason | null {
  if (list.items.length > 0 || list.hasMore) return null;
  if (!session.declared && !session.forced) return 'undeclared';
  if (list.error) return 'failed';
  if (session.offline) return list.pages > 0 ? 'empty' : 'not-recorded';
  if (list.pages > 0) return 'empty';
  if (!session.connected) return 'not-connected';
  return 'loading';
}
