import { useMemo } from 'react';
import { OAuthAuthorizeReplySchema, OAuthStatusSchema, type GuidedInputs, type OAuthAuthorizeBody, type OAuthAuthorizeReply, type OAuthConfigInput, type OAuthStatus } from '@mcpscope/wire';
import type { ApiClient } from '../../lib/api';
import { useServices } from '../../lib/services';

export function createOAuthApi(api: Pick<ApiClient, 'call'>) {
  const base = (id: string) => `/api/sessions/${encodeURIComponent(id)}/oauth`;
  return {
    status: (id: string): Promise<OAuthStatus> => api.call('GET', base(id), OAuthStatusSchema),
    authorize: (id: string, body: OAuthAuthorizeBody = {}): Promise<OAuthAuthorizeReply> => api.call('POST', `${base(id)}/authorize`, OAuthAuthorizeReplySchema, body),
    stepUp: (id: string, scope: string): Promise<OAuthAuthorizeReply> => api.call('POST', `${base(id)}/step-up`, OAuthAuthorizeReplySchema, { scope }),
    /** Guided: discovery runs, then the flow pauses with the next step's editable inputs. */
    guidedStart: (id: string, config?: OAuthConfigInput): Promise<OAuthAuthorizeReply> => api.call('POST', `${base(id)}/guided`, OAuthAuthorizeReplySchema, { ...(config ? { config } : {}) }),
    guidedNext: (id: string, inputs: GuidedInputs): Promise<OAuthAuthorizeReply> => api.call('POST', `${base(id)}/guided/next`, OAuthAuthorizeReplySchema, { inputs }),
    signOut: (id: string): Promise<OAuthStatus> => api.call('POST', `${base(id)}/signout`, OAuthStatusSchema),
  };
}

export function useOAuthApi() {
  const { api } = useServices();
  return useMemo(() => createOAuthApi(api), [api]);
}
