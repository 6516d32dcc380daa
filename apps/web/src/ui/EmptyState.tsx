import type { ReactNode } from 'react';

interface Props {
  /** What is missing, e.g. "No frames yet". */
  title: string;
  /** What would fill this view and how: a sentence or two, may hold buttons or links. */
  children?: ReactNode;
  testId?: string;
}

/** An empty view says what would fill it and how. */
export function EmptyState({ title, children, testId }: Props) {
  return (
    <div className="flex flex-1 items-start justify-center overflow-auto p-6" data-testid={testId ?? 'empty-state'}>
      <div className="max-w-md text-[13px] text-muted">
        <h2 className="mb-1 text-sm font-semibold text-fg">{title}</h2>
        {children}
      </div>
    </div>
  );
}
