import { OAuthStatusSchema } from '@mcpscope/wire';
import type { ApiClient } from './api';

/** The popup every authorization page opens in (one at a time, reused). */
const POPUP = ['mcpscope-oauth', 'popup,width=560,height=720'] as const;

/**
 * Opens the authorization page a session waits on (its OAuth status's pendingAuthorizationUrl),
 * from any view. The popup is opened inside the click, so no blocker stops it, then pointed at
 * the URL once known; closed again when nothing waits any more.
 */
export async function openPendingAuthorization(api: Pick<ApiClient, 'call'>, sessionId: string): Promise<boolean> {
  const popup = window.open('about:blank', ...POPUP);
  try {
    const status = await api.call('GET', `/api/sessions/${encodeURIComponent(sessionId)}/oauth`, OAuthStatusSchema);
    const url = status.pendingAuthorizationUrl;
    if (!url || !/^https?:\/\//i.test(url)) {
      popup?.close();
      return false;
    }
    if (popup) popup.location.href = url;
    else window.open(url, '_blank', 'noopener');
    return true;
  } catch {
    popup?.close();
    return false;
  }
}
