import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Markdown from a server, rendered as React elements (never innerHTML): raw HTML is not
 * rendered (react-markdown without rehype-raw), `javascript:` and other unsafe URLs are
 * dropped (defaultUrlTransform), and images are shown as links, not loaded — a resource
 * must not make the inspector fetch remote content. Loaded lazily (see Markdown.tsx).
 */
const components: Components = {
  img: ({ src, alt }) => (
    <span className="chip" title={`Remote image not loaded: ${String(src ?? '')}`}>
      🖼 {alt || 'image'} <span className="text-subtle">({String(src ?? '')})</span>
    </span>
  ),
  // Tailwind's preflight resets element styles; give the usual document structure back.
  h1: ({ children }) => <h1 className="mt-2 mb-1.5 border-b border-line pb-1 text-[17px] font-semibold">{children}</h1>,
  h2: ({ children }) => <h2 className="mt-2 mb-1 text-[15px] font-semibold">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-2 mb-1 text-[13px] font-semibold">{children}</h3>,
  p: ({ children }) => <p className="my-1.5">{children}</p>,
  ul: ({ children }) => <ul className="my-1.5 list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1.5 list-decimal pl-5">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="my-1.5 border-l-2 border-line pl-2 text-muted">{children}</blockquote>,
  code: ({ children }) => <code className="rounded-sm bg-raised px-1 font-mono text-[11.5px]">{children}</code>,
  pre: ({ children }) => (
    <pre className="my-1.5 overflow-auto rounded bg-panel p-2 font-mono text-[12px] [&>code]:bg-transparent [&>code]:p-0">{children}</pre>
  ),
  table: ({ children }) => (
    <table className="my-1.5 border-collapse text-[12px] [&_td]:border [&_td]:border-line [&_td]:px-1.5 [&_th]:border [&_th]:border-line [&_th]:px-1.5">
      {children}
    </table>
  ),
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-accent underline" title={href}>
      {children}
    </a>
  ),
};

export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className="text-[13px] leading-relaxed">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components} urlTransform={defaultUrlTransform}>
        {text}
      </Markdown>
    </div>
  );
}
