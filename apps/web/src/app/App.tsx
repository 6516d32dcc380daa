import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError } from '../lib/api';
import { ServicesProvider, useServices } from '../lib/services';
import { browserTokenEnvironment, forgetToken } from '../lib/token';
import type { RunningApp } from './bootstrap';
import { Shell } from './Shell';
import { TokenScreen } from './TokenScreen';

/** `app` is started outside React: its socket and query cache live as long as the page, not a component. */
export function App({ app }: { app: RunningApp }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <ServicesProvider services={app.services}>
        <AuthGate onRejected={() => app.socket.close()} />
      </ServicesProvider>
    </QueryClientProvider>
  );
}

/** Checks the token once with /api/info; a rejected token gets an explanation, not a broken UI. */
function AuthGate({ onRejected }: { onRejected: () => void }) {
  const { api } = useServices();
  const info = useQuery({ queryKey: ['info'], queryFn: () => api.info(), staleTime: Infinity });
  const rejected = info.error instanceof ApiRequestError && info.error.unauthorized;
  useEffect(() => {
    if (!rejected) return;
    onRejected();
    forgetToken(browserTokenEnvironment());
  }, [rejected, onRejected]);
  if (rejected) return <TokenScreen rejected />;
  return <Shell />;
}
