import { useMemo } from 'react';
import { OAuthAuthorizeReplySchema, OAuthStatusSchema, type OAuthAuthorizeBody, type OAuthAuthorizeReply, type OAuthStatus } from '@mcpscope/wire';
import type { ApiClient } from '../../lib/api';
import { useServices } from '../../lib/services';

export function createOAuthApi(api: Pick<ApiClient, 'call'>) {
  const base = (id: string) => `/api/sessions/${encodeURIComponent(id)}/oauth`;
  return {
    status: (id: string): Promise<OAuthStatus> => api.call('GET', base(id), OAuthStatusSchema),
    authorize: (id: string, body: OAuthAuthorizeBody = {}): Promise<OAuthAuthorizeReply> => api.call('POST', `${base(id)}/authorize`, OAuthAuthorizeReplySchema, body),
    stepUp: (id: string, scope: string): Promise<OAuthAuthorizeReply> => api.call('POST', `${base(id)}/step-up`, OAuthAuthorizeReplySchema, { scope }),
    signOut: (id: string): Promise<OAuthStatus> => api.call('POST', `${base(id)}/signout`, OAuthStatusSchema),
  };
}

export function useOAuthApi() {
  const { api } = useServices();
  return useMemo(() => createOAuthApi(api), [api]);
}
