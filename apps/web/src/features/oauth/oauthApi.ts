import { useMemo } from 'react';
import {
  OAuthAuthorizeReplySchema,
  OAuthStatusSchema,
  type GuidedInputs,
  type OAuthAuthorizeBody,
  type OAuthAuthorizeReply,
  type OAuthConfigInput,
  type OAuthStatus,
} from '@mcpscope/wire';
import type { ApiClient, OriginReason } from '../../lib/api';
import { useServices } from '../../lib/services';

export function createOAuthApi(api: Pick<ApiClient, 'call'>) {
  const base = (id: string) => `/api/sessions/${encodeURIComponent(id)}/oauth`;
  return {
    status: (id: string): Promise<OAuthStatus> => api.call('GET', base(id), OAuthStatusSchema),
    // The mutating routes carry the origin (a flow can reconnect the session: its frames are the user's).
    authorize: (id: string, body: OAuthAuthorizeBody, origin: OriginReason): Promise<OAuthAuthorizeReply> =>
      api.call('POST', `${base(id)}/authorize`, OAuthAuthorizeReplySchema, body, { origin }),
    stepUp: (id: string, scope: string, origin: OriginReason): Promise<OAuthAuthorizeReply> =>
      api.call('POST', `${base(id)}/step-up`, OAuthAuthorizeReplySchema, { scope }, { origin }),
    /** Guided: discovery runs, then the flow pauses with the next step's editable inputs. */
    guidedStart: (id: string, config: OAuthConfigInput | undefined, origin: OriginReason): Promise<OAuthAuthorizeReply> =>
      api.call('POST', `${base(id)}/guided`, OAuthAuthorizeReplySchema, { ...(config ? { config } : {}) }, { origin }),
    guidedNext: (id: string, inputs: GuidedInputs, origin: OriginReason): Promise<OAuthAuthorizeReply> =>
      api.call('POST', `${base(id)}/guided/next`, OAuthAuthorizeReplySchema, { inputs }, { origin }),
    signOut: (id: string, origin: OriginReason): Promise<OAuthStatus> =>
      api.call('POST', `${base(id)}/signout`, OAuthStatusSchema, undefined, { origin }),
  };
}

export function useOAuthApi() {
  const { api } = useServices();
  return useMemo(() => createOAuthApi(api), [api]);
}
