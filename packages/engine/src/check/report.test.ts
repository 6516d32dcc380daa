import { describe, expect, it } from 'vitest';
import { findingPlaces, formatReport, makeReport, type ReportedFinding } from './report.js';

const finding = (rule: string, message: string, seq: number, severity: ReportedFinding['severity'] = 'warning'): ReportedFinding => ({
  rule,
  severity,
  message,
  spec: '2025-11-25/server/tools#tool',
  quote: '`description`: Human-readable description of functionality',
  seq,
  excerpt: `← frame ${seq}`,
});

describe('a report has one finding per defect', () => {
  it('groups a rule found on every tool and on both listings: the count of times found, each place once with its seqs', () => {
    const raw = [
      finding('tool-description', 'tool "a" has no description', 4),
      finding('tool-description', 'tool "b" has no description', 4),
      finding('capability-undeclared', 'the server sent notifications/message but did not declare the logging capability', 5, 'error'),
      finding('tool-description', 'tool "a" has no description', 9),
      finding('tool-description', 'tool "b" has no description', 9),
      finding('capability-undeclared', 'the server sent notifications/message but did not declare the logging capability', 12, 'error'),
    ];
    const report = makeReport('server', raw);
    expect(report.counts).toEqual({ error: 1, warning: 1, info: 0 });
    const [description, capability] = report.findings;
    expect(description).toMatchObject({
      rule: 'tool-description',
      count: 4,
      seq: 4,
      excerpt: '← frame 4',
      message: 'tool "a" has no description (and 1 more like it)',
    });
    expect(description.places).toEqual([
      { message: 'tool "a" has no description', seqs: [4, 9], excerpt: '← frame 4' },
      { message: 'tool "b" has no description', seqs: [4, 9], excerpt: '← frame 4' },
    ]);
    expect(capability).toMatchObject({
      count: 2,
      message: 'the server sent notifications/message but did not declare the logging capability',
      places: [expect.objectContaining({ seqs: [5, 12] })],
    });
    // Item by item again, for whoever needs each place.
    expect(findingPlaces(report.findings).map((f) => [f.rule, f.message, f.seq])).toEqual([
      ['tool-description', 'tool "a" has no description', 4],
      ['tool-description', 'tool "b" has no description', 4],
      ['capability-undeclared', 'the server sent notifications/message but did not declare the logging capability', 5],
    ]);
    const text = formatReport(report, 'text');
    expect(text).toContain(
      'warning tool-description  (2025-11-25/server/tools#tool)  ×4\n        2 places:\n        - tool "a" has no description  seq 4, 9\n        - tool "b" has no description  seq 4, 9\n',
    );
    expect(text).toContain('error   capability-undeclared  (2025-11-25/server/tools#tool)  seq 5, 12  ×2\n');
  });

  it('keeps a flood bounded: 100,000 tools without a description make one finding with 50 places listed and the rest counted', () => {
    const raw = Array.from({ length: 100_000 }, (_, i) => finding('tool-description', `tool "t${i}" has no description`, 7));
    const [f] = makeReport('server', raw).findings;
    expect(f.count).toBe(100_000);
    expect(f.places).toHaveLength(50);
    expect(f.placesLeftOff).toBe(99_950);
    expect(f.message).toBe('tool "t0" has no description (and 99999 more like it)');
    expect(formatReport(makeReport('server', raw), 'text')).toContain('        - … 99950 more not listed\n');
  });

  it('a finding found once stays as it was, with count 1 and its one place', () => {
    const [f] = makeReport('server', [
      finding('tool-name', 'tool name "a b" has characters or a length the spec advises against', 3),
    ]).findings;
    expect(f).toMatchObject({ message: 'tool name "a b" has characters or a length the spec advises against', seq: 3, count: 1 });
    expect(formatReport(makeReport('server', [f]), 'text')).toContain(
      'warning tool-name  (2025-11-25/server/tools#tool)  seq 3\n        tool name "a b"',
    );
  });
});
