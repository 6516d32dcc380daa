import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

/** Safe markdown (see MarkdownRenderer); the parser is a lazy chunk, the source shows meanwhile. */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<pre className="font-mono text-[12px] whitespace-pre-wrap">{text}</pre>}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
