import { z } from 'zod';

/**
 * A tool as listed by the server (spec server/tools#tool). Parsed leniently at the boundary:
 * a debugger shows what came, so unknown fields stay (`raw`) and only `name` is required —
 * a malformed tool is counted and listed as such instead of hiding the whole list.
 */
const IconSchema = z.looseObject({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.string().optional(),
});

const AnnotationsSchema = z.looseObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

const ToolSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  icons: z.array(IconSchema).optional().catch(undefined),
  inputSchema: z.unknown(),
  outputSchema: z.unknown().optional(),
  annotations: AnnotationsSchema.optional().catch(undefined),
});

export type Tool = z.infer<typeof ToolSchema> & { raw: Record<string, unknown> };
export type ToolIcon = z.infer<typeof IconSchema>;
export type ToolAnnotations = z.infer<typeof AnnotationsSchema>;

/** A list entry as a Tool with its raw JSON kept (for diffs and "view as JSON"); not a tool → an issue. */
export const ToolItemSchema = z.unknown().transform((value, ctx): Tool => {
  const parsed = ToolSchema.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'not a tool (needs a string name)' });
    return z.NEVER;
  }
  return { ...parsed.data, raw: value as Record<string, unknown> };
});

/** Display name: title, then annotations.title, then name (spec: title is for display). */
export function toolLabel(tool: Pick<Tool, 'name' | 'title' | 'annotations'>): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}

/**
 * Icons we may show without a network request: data: URIs of images only. Anything else
 * (http(s), even same-origin paths the server made up) gets a placeholder — nothing leaves
 * localhost, and an icon URL must not become a tracking pixel.
 */
export function safeIconSrc(icons: ToolIcon[] | undefined): { src?: string; remote?: string } {
  if (!icons || icons.length === 0) return {};
  const data = icons.find((i) => /^data:image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(i.src));
  if (data) return { src: data.src };
  return { remote: icons[0].src };
}

export type HintName = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

/**
 * Annotation badges, worded as claims (spec: clients MUST treat annotations as untrusted).
 * Only hints the server set are shown; defaults (destructive and open-world when unset) are
 * mentioned in the tooltip, not claimed on the server's behalf.
 */
export function annotationClaims(a: ToolAnnotations | undefined): Array<{ hint: HintName; label: string; tone: 'ok' | 'warn' | 'muted' }> {
  if (!a) return [];
  const out: Array<{ hint: HintName; label: string; tone: 'ok' | 'warn' | 'muted' }> = [];
  if (a.readOnlyHint !== undefined)
    out.push({
      hint: 'readOnlyHint',
      label: a.readOnlyHint ? 'claims read-only' : 'claims to modify',
      tone: a.readOnlyHint ? 'ok' : 'muted',
    });
  if (a.destructiveHint !== undefined && a.readOnlyHint !== true)
    out.push({
      hint: 'destructiveHint',
      label: a.destructiveHint ? 'claims destructive' : 'claims non-destructive',
      tone: a.destructiveHint ? 'warn' : 'muted',
    });
  if (a.idempotentHint !== undefined)
    out.push({ hint: 'idempotentHint', label: a.idempotentHint ? 'claims idempotent' : 'claims not idempotent', tone: 'muted' });
  if (a.openWorldHint !== undefined)
    out.push({
      hint: 'openWorldHint',
      label: a.openWorldHint ? 'claims open-world' : 'claims closed-world',
      tone: a.openWorldHint ? 'warn' : 'muted',
    });
  return out;
}
