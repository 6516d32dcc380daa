import type { ReactNode } from 'react';

/**
 * A feature the server (or client) did not declare, said out loud: the reason from
 * lib/capabilities.ts, in place of the action that would otherwise fail silently.
 */
export function FeatureUnavailable({
  feature,
  reason,
  children,
  compact,
}: {
  feature: string;
  reason: string;
  children?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div
      role="note"
      data-testid="feature-unavailable"
      data-feature={feature}
      className={`flex items-start gap-1.5 rounded border border-warn/40 bg-warn/10 text-warn ${compact ? 'px-1.5 py-0.5 text-[11px]' : 'm-2 px-2 py-1.5 text-xs'}`}
    >
      <span aria-hidden className="font-bold">
        ⊘
      </span>
      <span className="min-w-0 flex-1">
        <span className="text-fg">{reason}.</span>
        {children}
      </span>
    </div>
  );
}
