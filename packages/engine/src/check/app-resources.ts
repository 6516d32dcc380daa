import { isCapabilityDeclared, ownValue, toolUi, UI_MIME_TYPE, type FrameEvent } from '@mcpscope/protocol';
import { findingOf, ruleMeta } from '@mcpscope/protocol/lint';
import type { Session } from '../session/session.js';
import type { CheckSteps } from './check-steps.js';
import { excerptOf, type ReportedFinding } from './report.js';

type Item = Record<string, unknown>;

/** A server can list any number of tools: check reads at most this many distinct UI resources. */
export const MAX_APP_RESOURCES = 50;

const record = (v: unknown): Item | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Item) : undefined);
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const shown = (v: unknown) => clip(JSON.stringify(v) ?? String(v));
/** A server's URI for a one-line message: as is when plain printable ASCII, else JSON-quoted (escapes). */
const showUri = (uri: string) => (/^[\x21-\x7e]+$/.test(uri) ? clip(uri) : shown(uri));

/** `tool "a"`, `tools "a", "b"`, `tools "a", "b", "c" and 9 more`. */
function toolList(names: string[]): string {
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `tool${names.length > 1 ? 's' : ''} ${names.slice(0, 3).map(shown).join(', ')}${more}`;
}

function rule(id: string) {
  const meta = ruleMeta(id);
  if (!meta) throw new Error(`no catalogue entry for rule ${id}`);
  return meta;
}

/** `text/html;profile=mcp-app` compared without case and without spaces around `;` (and the ends). */
export function isAppMimeType(mimeType: unknown): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/\s*;\s*/g, ';');
  return typeof mimeType === 'string' && norm(mimeType) === norm(UI_MIME_TYPE);
}

/**
 * A blob decoded as a browser's atob would (WHATWG forgiving-base64: ASCII whitespace dropped,
 * padding optional); undefined when it is not base64.
 */
export function decodeBase64(blob: string): Buffer | undefined {
  let s = blob.replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 0) s = s.replace(/={1,2}$/, '');
  if (s.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(s)) return undefined;
  return Buffer.from(s, 'base64');
}

/** The UI resource URI a tool declares as written, even when it is no `ui://` URI (toolUi drops those). */
function declaredUri(tool: Item): unknown {
  const meta = record(ownValue(tool, '_meta'));
  const nested = ownValue(record(ownValue(meta, 'ui')), 'resourceUri');
  return nested !== undefined ? nested : ownValue(meta, 'ui/resourceUri');
}

/** What is wrong with one content of a UI resource (spec: Content Requirements), or its size in bytes. */
function judgeContent(uri: string, content: Item): { rule: string; message: string }[] | number {
  const problems: { rule: string; message: string }[] = [];
  const mimeType = ownValue(content, 'mimeType');
  if (!isAppMimeType(mimeType)) {
    problems.push({
      rule: 'app-resource-mime-type',
      message: `${uri} has mimeType ${mimeType === undefined ? '(none)' : shown(mimeType)}, not "${UI_MIME_TYPE}": a host does not render it as an MCP App`,
    });
  }
  const text = ownValue(content, 'text');
  const blob = ownValue(content, 'blob');
  let html: string | undefined;
  if (typeof text === 'string') html = text;
  else if (typeof blob === 'string') {
    const bytes = decodeBase64(blob);
    if (!bytes)
      problems.push({
        rule: 'app-resource-content',
        message: `${uri}: its blob is not base64 (${shown(blob.slice(0, 40))}), so the app cannot load`,
      });
    else html = bytes.toString('utf8');
  } else {
    problems.push({
      rule: 'app-resource-content',
      message: `${uri}: the content has neither a text string nor a base64 blob, so there is no HTML to load`,
    });
  }
  if (html !== undefined && !/\S/.test(html))
    problems.push({
      rule: 'app-resource-content',
      message: `${uri}: the HTML is empty${html.length ? ' (whitespace only)' : ''}, so the app renders nothing`,
    });
  return problems.length > 0 ? problems : Buffer.byteLength(html ?? '');
}

/**
 * `mcpscope check` on MCP Apps (ext-apps 2026-01-26/apps): every listed tool
 * whose `_meta.ui.resourceUri` names a UI resource gets it read once with `resources/read`, as
 * a host would before rendering ("Host MUST use `resources/read` to fetch the referenced resource
 * URI"), and the answer judged: the resource exists, its content is `text/html;profile=mcp-app`,
 * it carries text or base64 blob HTML that is not empty, and the URI is a `ui://` one. The caller
 * sets the origin of the reads (`check: app resource`). Findings point at the response frame.
 */
export class AppResourceCheck {
  readonly findings: ReportedFinding[] = [];

  constructor(
    private readonly session: Session,
    private readonly notes: string[],
    private readonly timeoutMs: number,
    /** check's steps: a read is one, skipped once the server is gone. */
    private readonly steps?: CheckSteps,
  ) {}

  private add(id: string, message: string, frame?: FrameEvent, excerpt = ''): void {
    this.findings.push({ ...findingOf(rule(id), message), seq: frame?.seq ?? 0, excerpt: frame ? excerptOf(frame) : excerpt });
  }

  async run(tools: readonly unknown[]): Promise<void> {
    const byUri = new Map<string, string[]>();
    for (const value of tools) {
      const tool = record(value);
      const name = ownValue(tool, 'name');
      if (!tool || typeof name !== 'string') continue;
      const uri = toolUi(tool).resourceUri;
      const raw = declaredUri(tool);
      if (uri !== undefined) {
        const names = byUri.get(uri);
        if (names) names.push(name);
        else byUri.set(uri, [name]);
      } else if (raw !== undefined) {
        this.add(
          'app-resource-uri-scheme',
          `tool ${shown(name)} declares the UI resource ${shown(raw)}, not a ui:// URI: no host renders it (not read)`,
          undefined,
          `tool ${shown(name)} _meta.ui.resourceUri ${shown(raw)}`,
        );
      }
    }
    if (byUri.size === 0) return;
    const uris = [...byUri.keys()];
    if (uris.length > MAX_APP_RESOURCES)
      this.notes.push(`app resources: ${uris.length} distinct ui:// resources; read the first ${MAX_APP_RESOURCES}`);
    const resources = isCapabilityDeclared(this.session.info().serverCapabilities, 'resources');
    for (const uri of uris.slice(0, MAX_APP_RESOURCES)) {
      const label = `app resource ${showUri(uri)} (${toolList(byUri.get(uri)!)})`;
      if (!resources) {
        this.notes.push(`${label}: not read, the server does not declare resources`);
        this.add(
          'app-resource-missing',
          `${showUri(uri)} cannot exist: the server does not declare the resources capability, so no host can read it (resources/read not sent)`,
          undefined,
          label,
        );
        continue;
      }
      if (this.steps ? this.steps.skip(label) : this.session.info().state !== 'connected') {
        if (!this.steps) this.notes.push(`${label}: not read, the server is gone`);
        continue;
      }
      await this.read(uri, label);
    }
  }

  private async read(uri: string, label: string): Promise<void> {
    const before = this.session.events().at(-1)?.seq ?? 0;
    let outcome: string | Item;
    const send = () => this.session.request('resources/read', { uri }, { timeoutMs: this.timeoutMs, maxTotalTimeoutMs: this.timeoutMs });
    const step = this.steps
      ? await this.steps.run(label, send)
      : await send().then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
    if (!step) return;
    if ('error' in step) outcome = `no answer (${(step.error as Error).message})`;
    else
      outcome =
        step.value.outcome === 'result'
          ? step.value.result
          : step.value.outcome === 'error'
            ? `JSON-RPC error ${step.value.error.code}: ${clip(step.value.error.message)}`
            : 'cancelled';
    const frame = this.responseFrame(uri, before);
    if (typeof outcome === 'string') {
      this.notes.push(`${label}: ${outcome}`);
      // A server that went away during the read is told once, by check's server-exited finding.
      if ('error' in step && this.steps?.exit) return;
      this.add('app-resource-missing', `resources/read ${showUri(uri)} failed: ${outcome}`, frame, `→ resources/read ${showUri(uri)}`);
      return;
    }
    const contents = Array.isArray(outcome.contents) ? outcome.contents : [];
    const content = contents.map(record).find((c) => c !== undefined && ownValue(c, 'uri') === uri);
    if (!content) {
      const what = contents.length === 0 ? 'no contents' : `${contents.length} content(s), none for that URI`;
      this.notes.push(`${label}: ${what}`);
      this.add('app-resource-missing', `resources/read ${showUri(uri)} answered with ${what}`, frame);
      return;
    }
    const judged = judgeContent(showUri(uri), content);
    if (typeof judged === 'number') {
      this.notes.push(`${label}: ok (${UI_MIME_TYPE}, ${judged} bytes of HTML)`);
      return;
    }
    this.notes.push(`${label}: ${judged.length} problem(s)`);
    for (const p of judged) this.add(p.rule, p.message, frame);
  }

  /** The answer to check's resources/read of `uri` (or the request itself when none came). */
  private responseFrame(uri: string, afterSeq: number): FrameEvent | undefined {
    const frames = this.session.events().filter((e): e is FrameEvent => e.type === 'frame' && e.seq > afterSeq);
    const request = frames.find((f) => f.dir === 'out' && f.msg?.method === 'resources/read' && record(f.msg.params)?.uri === uri);
    if (!request) return undefined;
    const id = request.msg?.id;
    return frames.find((f) => f.dir === 'in' && f.seq > request.seq && f.msg?.id === id && f.msg?.method === undefined) ?? request;
  }
}
