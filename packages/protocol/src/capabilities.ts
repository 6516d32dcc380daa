/**
 * Capability lookups shared by the linter and the UI. Capabilities are negotiated at
 * initialization (2025-11-25/basic/lifecycle#capability-negotiation) or discovered
 * (2026-07-28 server/discover); a feature is declared when its key holds `true` or an object
 * (`{}` counts), and a sub-flag (`resources.subscribe`) also needs its parent.
 */

/** The modern era moved tasks to an extension (2026-07-28: capabilities.extensions). */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

function isDeclaredValue(v: unknown): boolean {
  return v === true || (v !== null && typeof v === 'object');
}

/** The value at a dotted path (`resources.subscribe`), or undefined. */
export function capabilityValue(caps: Record<string, unknown> | undefined, path: string): unknown {
  let node: unknown = caps;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Whether `feature` is declared in `caps`; tasks on the modern era are the extension. */
export function isCapabilityDeclared(caps: Record<string, unknown> | undefined, feature: string, era?: 'legacy' | 'modern'): boolean {
  if (era === 'modern' && (feature === 'tasks' || feature.startsWith('tasks.'))) {
    // The extension's settings carry no list/cancel flags: declaring it declares all of tasks.
    const extensions = capabilityValue(caps, 'extensions') as Record<string, unknown> | undefined;
    // The extension id holds dots: one own-key lookup, not a dotted path.
    return (
      extensions !== null &&
      typeof extensions === 'object' &&
      Object.hasOwn(extensions, TASKS_EXTENSION) &&
      isDeclaredValue(extensions[TASKS_EXTENSION])
    );
  }
  const parts = feature.split('.');
  for (let i = 1; i <= parts.length; i++) {
    if (!isDeclaredValue(capabilityValue(caps, parts.slice(0, i).join('.')))) return false;
  }
  return true;
}
