import { ownValue } from './limits.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether the tool's inputSchema says `key` is a string, so `--arg zip=01234` stays "01234":
 * `type: "string"`, `type: ["string", "null"]`, or an enum of strings.
 */
export function isStringProperty(inputSchema: unknown, key: string): boolean {
  const prop = isObject(inputSchema) && isObject(inputSchema.properties) ? ownValue(inputSchema.properties, key) : undefined;
  if (!isObject(prop)) return false;
  const { type } = prop;
  if (type === 'string') return true;
  if (Array.isArray(type)) return type.includes('string') && type.every((t) => t === 'string' || t === 'null');
  return type === undefined && Array.isArray(prop.enum) && prop.enum.length > 0 && prop.enum.every((v) => typeof v === 'string');
}
