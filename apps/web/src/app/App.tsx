import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../lib/api';
import { ServicesProvider, useServices } from '../lib/services';
import { browserTokenEnvironment, forgetToken } from '../lib/token';
import { startApp, type RunningApp } from './bootstrap';
import { Shell } from './Shell';
import { TokenScreen } from './TokenScreen';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (n, err) => !(err instanceof ApiRequestError && err.unauthorized) && n < 2, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function App({ token }: { token: string }) {
  const [app] = useState<RunningApp>(() => startApp(token));
  useEffect(() => () => app.socket.close(), [app]);
  return (
    <QueryClientProvider client={queryClient}>
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
