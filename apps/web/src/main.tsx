import './lib/zodConfig'; // first: configures zod before any schema parses
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startApp } from './app/bootstrap';
import { TokenScreen } from './app/TokenScreen';
import { exchangeSessionCode } from './lib/api';
import { installTheme } from './lib/theme';
import { browserTokenEnvironment, resolveToken } from './lib/token';
import './index.css';

installTheme();
const root = createRoot(document.getElementById('root')!);
// `#code=` is exchanged for the token before anything renders (see lib/token.ts).
void resolveToken(browserTokenEnvironment(), (code) => exchangeSessionCode(code)).then((r) =>
  root.render(
    <StrictMode>
      {r.token ? <App app={startApp(r.token)} /> : <TokenScreen codeRefused={'reason' in r && r.reason === 'code-refused'} />}
    </StrictMode>,
  ),
);
