import { formatClock } from '../../lib/format';
import { RpcError } from '../../lib/workbenchApi';
import { JsonTree } from '../../ui/JsonTree';
import { ContentBlock } from '../../ui/content/ContentBlock';
import type { PromptsModel } from './usePromptsModel';

const ROLE_STYLE: Record<string, string> = {
  user: 'border-out/40 bg-out/5',
  assistant: 'border-in/40 bg-in/5',
};

/** The messages of prompts/get, by role, each content block rendered by its type. */
export function PromptMessages({ m }: { m: PromptsModel }) {
  const { get } = m;
  return (
    <div className="min-h-0 flex-1 space-y-2 overflow-auto p-2">
      {get.isError && (
        <div
          className="rounded border border-danger/40 bg-danger/5 px-2 py-1.5 text-[12px] text-danger"
          role="alert"
          data-testid="prompt-error"
        >
          {get.error instanceof RpcError ? `JSON-RPC error ${get.error.code}: ${get.error.message}` : get.error.message}
        </div>
      )}
      {get.data && (
        <>
          <div className="flex items-center gap-2 text-[12px] text-muted">
            {get.data.result.description && <span className="text-fg">{get.data.result.description}</span>}
            <span className="flex-1" />
            <span>
              {get.data.result.messages.length} message{get.data.result.messages.length === 1 ? '' : 's'} · {formatClock(get.data.at)}
            </span>
          </div>
          {get.data.result.messages.map((msg, i) => {
            const blocks = Array.isArray(msg.content) ? msg.content : [msg.content];
            return (
              <article
                key={i}
                data-testid="prompt-message"
                data-role={msg.role}
                className={`rounded border p-2 ${ROLE_STYLE[msg.role] ?? 'border-warn/40'}`}
              >
                <header className="mb-1 flex items-center gap-2 text-[11px] font-semibold tracking-wide uppercase">
                  <span className={msg.role === 'user' ? 'text-out' : msg.role === 'assistant' ? 'text-in' : 'text-warn'}>{msg.role}</span>
                  <span className="font-normal normal-case text-subtle">
                    {blocks.map((b) => String((b as { type?: unknown } | null)?.type ?? '?')).join(', ')}
                  </span>
                </header>
                <div className="space-y-1.5">
                  {blocks.map((b, j) => (
                    <ContentBlock key={j} block={b} />
                  ))}
                </div>
              </article>
            );
          })}
          <details className="text-[12px]">
            <summary className="cursor-pointer text-muted">Raw result</summary>
            <JsonTree value={get.data.result} openDepth={3} />
          </details>
        </>
      )}
      {!get.data && !get.isError && <p className="text-muted">{get.isPending ? 'Getting…' : 'Press Get prompt to see its messages.'}</p>}
    </div>
  );
}
