import './lib/zodConfig'; // first: configures zod before any schema parses
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startApp } from './app/bootstrap';
import { TokenScreen } from './app/TokenScreen';
import { installTheme } from './lib/theme';
import { browserTokenEnvironment, takeToken } from './lib/token';
import './index.css';

installTheme();
const token = takeToken(browserTokenEnvironment());
createRoot(document.getElementById('root')!).render(<StrictMode>{token ? <App app={startApp(token)} /> : <TokenScreen />}</StrictMode>);
