import { describe, expect, it } from 'vitest';
import { capabilityValue, featureAvailability, isDeclared, type CapabilitySource } from './capabilities';

const session = (serverCapabilities?: Record<string, unknown>, extra: Partial<CapabilitySource> = {}): CapabilitySource => ({
  state: 'connected',
  era: 'legacy',
  serverCapabilities,
  clientCapabilities: { roots: { listChanged: true }, sampling: {} },
  ...extra,
});

describe('isDeclared', () => {
  const caps = { resources: { subscribe: true, listChanged: false }, logging: {}, tasks: { list: {} } };
  it('counts a present key as declared, {} included', () => {
    expect(isDeclared(caps, 'resources')).toBe(true);
    expect(isDeclared(caps, 'logging')).toBe(true);
    expect(isDeclared(caps, 'prompts')).toBe(false);
  });
  it('needs a sub-flag to be true or an object', () => {
    expect(isDeclared(caps, 'resources.subscribe')).toBe(true);
    expect(isDeclared(caps, 'resources.listChanged')).toBe(false);
    expect(isDeclared(caps, 'tasks.list')).toBe(true);
    expect(isDeclared(caps, 'tasks.cancel')).toBe(false);
  });
  it('needs the parent of a sub-flag', () => {
    expect(isDeclared({ resources: true as unknown as object }, 'resources')).toBe(true);
    expect(isDeclared({ prompts: null as unknown as object }, 'prompts.listChanged')).toBe(false);
  });
  it('looks tasks up as the extension in the modern era', () => {
    const modern = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    expect(isDeclared(modern, 'tasks', 'modern')).toBe(true);
    expect(isDeclared(modern, 'tasks.list', 'modern')).toBe(true);
    expect(isDeclared(modern, 'tasks', 'legacy')).toBe(false);
    expect(isDeclared({}, 'tasks', 'modern')).toBe(false);
  });
  it('reads dotted paths', () => {
    expect(capabilityValue(caps, 'resources.subscribe')).toBe(true);
    expect(capabilityValue(caps, 'nope.deeper')).toBeUndefined();
  });
});

describe('featureAvailability', () => {
  it('is available when declared on a connected session', () => {
    expect(featureAvailability(session({ resources: { subscribe: true } }), 'resources.subscribe')).toEqual({
      available: true,
      declared: true,
    });
  });
  it('explains an undeclared feature with its consequence', () => {
    const a = featureAvailability(session({ resources: {} }), 'resources.subscribe');
    expect(a).toEqual({
      available: false,
      declared: false,
      reason: 'The server did not declare resources.subscribe, so subscribing is disabled',
    });
    expect(featureAvailability(session({}), 'completions').reason).toBe(
      'The server did not declare completions, so argument completion is disabled',
    );
    expect(featureAvailability(session({}), 'x.custom').reason).toBe('The server did not declare x.custom, so x.custom is disabled');
  });
  it('reads the client side', () => {
    expect(featureAvailability(session({}), 'roots.listChanged', 'client').available).toBe(true);
    expect(featureAvailability(session({}), 'elicitation', 'client').reason).toMatch(/^The client did not declare elicitation/);
  });
  it('puts the session state first', () => {
    expect(featureAvailability(undefined, 'tools').reason).toBe('No session is selected');
    expect(featureAvailability(session(undefined, { state: 'connecting' }), 'tools').reason).toMatch(
      /connecting; capabilities are known once it connects/,
    );
    const closed = featureAvailability(session({ tools: {} }, { state: 'closed' }), 'tools');
    expect(closed).toEqual({ available: false, declared: true, reason: 'The session is closed; reconnect first' });
  });
  it('explains an empty capability object', () => {
    expect(featureAvailability(session(undefined), 'tools').reason).toBe('The server declared no capabilities');
  });
});

describe('offline sessions', () => {
  it('disables every request with the reason "offline trace", still telling what was declared', () => {
    const offline = session({ tools: {} }, { state: 'closed', offline: true });
    expect(featureAvailability(offline, 'tools')).toEqual({ available: false, declared: true, reason: 'opened from a trace: read-only' });
    expect(featureAvailability(offline, 'prompts')).toEqual({
      available: false,
      declared: false,
      reason: 'opened from a trace: read-only',
    });
  });
});
