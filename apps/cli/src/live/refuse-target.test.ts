import { describe, expect, it } from 'vitest';
import { parseOptions, TargetOptionsSchema } from '../options.js';
import { refuseTargetOptions, targetFlagsGiven } from './refuse-target.js';

const parse = (raw: object) => parseOptions(TargetOptionsSchema, raw);

describe('a --session command takes no target options', () => {
  it('names every target option given', () => {
    expect(targetFlagsGiven(parse({}), [])).toEqual([]);
    expect(targetFlagsGiven(parse({ url: 'http://x/', header: ['A: b'], env: ['K=v'], redact: false, clientId: 'c' }), ['node'])).toEqual([
      'a command after --',
      '--url',
      '--header',
      '--client-id',
      '--env',
      '--no-redact',
    ]);
  });

  it('refuses them with a usage error, and says where traces go for --record', () => {
    expect(() => refuseTargetOptions(parse({}), [], 'call')).not.toThrow();
    expect(() => refuseTargetOptions(parse({ demo: true }), [], 'check')).toThrowError(
      "check --session uses the session's own connection: drop --demo",
    );
    expect(() => refuseTargetOptions(parse({ record: 'x.ndjson' }), [], 'call')).toThrowError(
      /drop --record \(the running mcpscope already records every session/,
    );
  });
});
