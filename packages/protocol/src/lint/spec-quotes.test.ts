import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findingOf } from './rule.js';
import { RULE_CATALOGUE } from './rules.js';

/**
 * The spec lives beside the repo: ../shared/spec from the repo root (a worktree one level
 * deeper finds it one level further up).
 */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SPEC_DIR =
  [resolve(REPO, '../shared/spec'), resolve(REPO, '../../shared/spec')].find((d) => existsSync(d)) ?? resolve(REPO, '../shared/spec');
/** Extensions' specs, and the OpenTelemetry MCP conventions, are vendored in the protocol package: `ext-apps/2026-01-26/apps#…`, `otel-semconv/v1.41.1/gen-ai/mcp#…`. */
const VENDORED_DIR = resolve(REPO, 'packages/protocol/spec');

/**
 * The page as it reads: markdown emphasis (`**MUST**`) and link targets (`[pings](/…)`) dropped,
 * line breaks and indentation as single spaces. Quotes are compared against this text.
 */
function readable(markdown: string): string {
  return (
    markdown
      // Badges (the OpenTelemetry pages' stability images) say nothing a quote needs; an emptied table cell goes with them.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\|\s*\|/g, '|')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\*\*/g, '')
      .replace(/\s+/g, ' ')
  );
}

/**
 * "2025-11-25/basic/transports#stdio" → the page's file (page.mdx, or page/index.mdx) in the core
 * spec; "ext-apps/2026-01-26/apps#visibility" → the vendored extension spec.
 */
function pageFile(spec: string): string | undefined {
  const page = spec.split('#')[0];
  const dir = page.startsWith('ext-apps/') || page.startsWith('otel-semconv/') ? VENDORED_DIR : SPEC_DIR;
  return [`${page}.mdx`, `${page}/index.mdx`, `${page}.md`].map((p) => join(dir, p)).find((p) => existsSync(p));
}

const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ /g, '-');

describe('rule catalogue quotes the spec', () => {
  it('finds the spec next to the repo, and the vendored ext-apps spec', () => {
    expect(existsSync(join(SPEC_DIR, '2025-11-25/basic/transports.mdx')), SPEC_DIR).toBe(true);
    expect(existsSync(join(VENDORED_DIR, 'ext-apps/2026-01-26/apps.mdx')), VENDORED_DIR).toBe(true);
  });

  it('resolves ext-apps anchors by heading slug, as for the core spec', () => {
    const text = readFileSync(join(VENDORED_DIR, 'ext-apps/2026-01-26/apps.mdx'), 'utf8');
    const anchors = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]));
    expect(anchors).toEqual(
      expect.arrayContaining(['visibility', 'standard-mcp-messages', 'app-capabilities-in-uiinitialize', 'requirements']),
    );
    expect(pageFile('ext-apps/2026-01-26/apps#visibility')).toBe(join(VENDORED_DIR, 'ext-apps/2026-01-26/apps.mdx'));
    expect(pageFile('ext-apps/2026-01-26/nowhere')).toBeUndefined();
  });

  for (const rule of RULE_CATALOGUE) {
    it(`${rule.id}: ${rule.severity} rests on ${rule.spec || 'no spec text (mcpscope’s own)'}`, () => {
      if (!rule.spec) {
        // mcpscope's own checks: info only, and the description says so.
        expect(rule.severity).toBe('info');
        expect(rule.quote).toBeUndefined();
        expect(rule.description).toMatch(/mcpscope/);
        return;
      }
      expect(rule.quote, 'a rule with a spec section quotes its sentence').toBeTruthy();
      const file = pageFile(rule.spec);
      expect(file, `page of ${rule.spec}`).toBeDefined();
      const text = readFileSync(file!, 'utf8');
      expect(readable(text)).toContain(rule.quote);
      const anchor = rule.spec.split('#')[1];
      if (anchor) {
        const anchors = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]));
        expect(anchors, `#${anchor} in ${rule.spec}`).toContain(anchor);
      }
      if (rule.severity === 'error') expect(rule.quote).toMatch(/\b(MUST|MUST NOT|REQUIRED|SHALL)\b/);
    });
    if (rule.modern) {
      it(`${rule.id}: its 2026-07-28 wording rests on ${rule.modern.spec}`, () => {
        const { spec, quote } = rule.modern!;
        expect(spec.startsWith('2026-07-28/'), spec).toBe(true);
        const file = pageFile(spec);
        expect(file, `page of ${spec}`).toBeDefined();
        const text = readFileSync(file!, 'utf8');
        expect(readable(text)).toContain(quote);
        const anchors = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]));
        expect(anchors, `#${spec.split('#')[1]} in ${spec}`).toContain(spec.split('#')[1]);
        if (rule.severity === 'error') expect(quote).toMatch(/\b(MUST|MUST NOT|REQUIRED|SHALL)\b/);
      });
    }
  }

  it('every finding carries its rule’s quote', () => {
    const rule = RULE_CATALOGUE.find((r) => r.id === 'duplicate-inflight-id')!;
    expect(findingOf(rule, 'x')).toMatchObject({ rule: rule.id, spec: rule.spec, quote: rule.quote });
  });

  it('a finding of a modern session quotes the 2026-07-28 text where the rule has one, a legacy one the 2025-11-25 text', () => {
    const origin = RULE_CATALOGUE.find((r) => r.id === 'http-origin-validation')!;
    expect(findingOf(origin, 'x', 'modern')).toMatchObject({ spec: '2026-07-28/basic/transports/streamable-http#security--endpoint' });
    expect(findingOf(origin, 'x', 'legacy')).toMatchObject({ spec: '2025-11-25/basic/transports#security-warning' });
    expect(findingOf(origin, 'x')).toMatchObject({ spec: '2025-11-25/basic/transports#security-warning' });
    const plain = RULE_CATALOGUE.find((r) => r.id === 'duplicate-inflight-id')!;
    expect(findingOf(plain, 'x', 'modern')).toMatchObject({ spec: plain.spec, quote: plain.quote });
  });
});
