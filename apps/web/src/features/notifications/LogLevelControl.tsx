import { FeatureUnavailable } from '../../ui/FeatureUnavailable';
import { LEVEL_CLASS } from './levelStyle';
import type { LogLevelModel } from './useLogLevelModel';

/** The session's log level, and how it is applied in this era. */
export function LogLevelControl({ l }: { l: LogLevelModel }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <label className="flex items-center gap-1 text-[11px] text-muted" title={l.mechanism}>
        Log level
        <select
          className={`input w-28 ${l.current ? LEVEL_CLASS[l.current] : ''}`}
          data-testid="log-level-select"
          value={l.current ?? ''}
          disabled={l.disabledReason !== undefined || l.pending}
          title={l.disabledReason ?? l.mechanism}
          onChange={(e) => e.target.value && l.setLevel(e.target.value as (typeof l.levels)[number])}
        >
          <option value="">{l.current ? '' : 'not set'}</option>
          {l.levels.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      <span className="max-w-[420px] truncate text-[11px] text-subtle" data-testid="log-level-mechanism" title={l.mechanism}>
        {l.modern ? 'via _meta of later requests (2026-07-28)' : 'via logging/setLevel (legacy)'}
      </span>
      {l.pending && <span className="text-[11px] text-subtle">setting…</span>}
      {l.error && (
        <span className="text-[11px] text-danger" role="alert">
          {l.error.message}
        </span>
      )}
      {!l.feature.declared && l.feature.reason && !l.forced && (
        <FeatureUnavailable feature="logging" reason={l.feature.reason} compact>
          <button className="ml-1 text-accent hover:underline" onClick={l.force}>
            Set anyway
          </button>
        </FeatureUnavailable>
      )}
    </div>
  );
}
