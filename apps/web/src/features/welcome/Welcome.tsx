import type { ReactNode } from 'react';
import { CopyButton } from '../../ui/CopyButton';
import { useWelcomeModel, type WelcomeModel } from './useWelcomeModel';

/**
 * The first screen when no session is selected (a new user's first minute): what mcpscope is in
 * one line, then the ways to start, each one a button that does it.
 */
export function Welcome() {
  const m = useWelcomeModel();
  return (
    <div className="mx-auto w-full max-w-[880px] px-6 py-8" data-testid="welcome">
      <h1 className="text-lg font-semibold tracking-tight">Inspect an MCP server</h1>
      <p className="mt-1 text-[13px] text-muted">
        mcpscope sits between this page and an MCP server: every JSON-RPC frame both ways, live and linted against the spec, and you drive
        the server's tools, resources and prompts yourself.
      </p>
      {m.sessionCount > 0 && (
        <p className="mt-2 text-[13px] text-muted" data-testid="welcome-sessions">
          {m.sessionCount === 1 ? 'One session is' : `${m.sessionCount} sessions are`} listed in the sidebar: select one to inspect it, or
          start another.
        </p>
      )}
      <h2 className="section-title mt-6 px-0">Start here</h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <Way title="Connect a server" testId="welcome-connect">
          <p>
            A command over stdio (<code>node server.js</code>, <code>uvx …</code>) or a URL over Streamable HTTP or HTTP+SSE. Fill in the
            Connect form in the sidebar.
          </p>
          <button className="btn btn-primary mt-2" data-testid="welcome-connect-button" onClick={m.focusConnect}>
            Go to the Connect form
          </button>
        </Way>
        <DemoWay m={m} />
        <Way title="Open a trace" testId="welcome-trace">
          <p>
            A recorded session (<code>.ndjson</code>), read-only: its frames, findings and timeline, and Replay against a server. Drop the
            file anywhere on this page, or upload it in Traces.
          </p>
          <button className="btn mt-2" data-testid="welcome-traces-button" onClick={m.openTraces}>
            Open Traces
          </button>
        </Way>
      </div>
      <h2 className="section-title mt-6 px-0">From a terminal</h2>
      <ul className="divide-y divide-line rounded border border-line" data-testid="welcome-cli">
        {m.cliForms.map((f) => (
          <li key={f.command} className="flex items-center gap-3 px-2 py-1.5">
            <code className="min-w-0 shrink-0 font-mono text-[12px] text-fg select-all">{f.command}</code>
            <span className="min-w-0 flex-1 truncate text-[12px] text-muted" title={f.what}>
              {f.what}
            </span>
            <CopyButton text={() => f.command} title="Copy the command" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DemoWay({ m }: { m: WelcomeModel }) {
  return (
    <Way title="Try the demo server" testId="welcome-demo">
      <p>
        A server built into mcpscope that uses every MCP feature: tools, resources, prompts, sampling, elicitation, tasks, logging. Three
        things to try come with it.
      </p>
      <button
        className="btn btn-primary mt-2"
        data-testid="welcome-demo-button"
        disabled={!m.demoAvailable || m.demoPending}
        aria-busy={m.demoPending}
        title={m.demoAvailable ? 'Start the embedded demo server and inspect it' : 'This build ships no demo server'}
        onClick={m.startDemo}
      >
        {m.demoPending ? 'Starting…' : '▶ Start the demo'}
      </button>
      {m.demoError && (
        <p className="mt-1 text-[12px] text-danger" role="alert">
          {m.demoError.message}
        </p>
      )}
    </Way>
  );
}

function Way({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="flex flex-col rounded border border-line bg-panel p-3 text-[12px] text-muted" data-testid={testId}>
      <h3 className="mb-1 text-[13px] font-semibold text-fg">{title}</h3>
      <div className="flex flex-1 flex-col items-start justify-between">{children}</div>
    </section>
  );
}
