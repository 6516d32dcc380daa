import { useMemo, useState } from 'react';
import type { Severity } from '@mcpscope/protocol';
import { framesNavigation, navigate } from '../../lib/navigation';
import { useSessionLog } from '../../lib/services';
import { findingsIndexFor, SEVERITIES, type FindingItem } from './findingsIndex';

/** The Findings tab: groups of the active session's findings, a severity filter, and jumps. */
export function useFindingsModel(sessionId: string | null) {
  const { log, version } = useSessionLog(sessionId);
  const [severities, setSeverities] = useState<ReadonlySet<Severity>>(() => new Set(SEVERITIES));
  const index = log ? findingsIndexFor(log) : null;
  const indexVersion = index?.version ?? 0;
  const groups = useMemo(() => index?.list(severities) ?? [], [index, indexVersion, severities, version]); // the log changes in place: `indexVersion`, `version` say when
  return {
    groups,
    counts: index?.counts ?? { error: 0, warning: 0, info: 0 },
    /** Events with findings past the list's cap: counted above, not listed. */
    notListed: index?.notListed ?? 0,
    /** This page joined mid-session and the findings before its backlog are not (yet) read back from disk. */
    unseenOnDisk: log && log.firstSeq > 1 && !log.findings.earlierLoaded ? (log.findings.firstFrame ?? log.frames.base) : 0,
    severities,
    toggleSeverity: (s: Severity) =>
      setSeverities((prev) => {
        const next = new Set(prev);
        if (next.has(s)) next.delete(s);
        else next.add(s);
        return next;
      }),
    open(item: FindingItem): void {
      if (!sessionId) return;
      if (item.source === 'frame') framesNavigation.showFrame(sessionId, item.seq, item.index);
      else navigate(item.source === 'span' ? 'spans' : 'console');
    },
  };
}

export type FindingsModel = ReturnType<typeof useFindingsModel>;
