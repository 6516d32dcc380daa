import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';

export function CopyButton({
  text,
  label = 'Copy',
  testId,
  title,
}: {
  text: () => string;
  label?: string;
  testId?: string;
  title?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1200);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      className="btn"
      data-testid={testId}
      title={title}
      onClick={async () => setState((await copyText(text())) ? 'copied' : 'failed')}
    >
      {state === 'copied' ? '✓ Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
