import { fileURLToPath } from 'node:url';

/** A server installed in this project, started by its bin (`node_modules/.bin`). */
export function bin(name: string): string {
  return fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
}
