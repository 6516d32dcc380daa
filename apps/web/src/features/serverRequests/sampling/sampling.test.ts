import { describe, expect, it } from 'vitest';
import { buildSamplingResult, initialSamplingDraft, switchMode, type SamplingDraft } from './samplingReply';
import { readSamplingRequest } from './samplingRequest';

const params = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
    { role: 'assistant', content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] },
  ],
  systemPrompt: 'You are a helpful assistant.',
  modelPreferences: {
    hints: [{ name: 'claude-3-sonnet' }, { name: 'claude' }],
    costPriority: 0.3,
    intelligencePriority: 0.8,
    speedPriority: 0.5,
  },
  temperature: 0.1,
  maxTokens: 100,
  stopSequences: ['\n\n'],
  includeContext: 'none',
  metadata: { provider: 'x' },
  vendorField: 1,
};

describe('readSamplingRequest', () => {
  it('reads every field of the spec and keeps unknown ones', () => {
    const v = readSamplingRequest(params);
    expect(v.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(v.messages[0].content).toEqual([{ type: 'text', text: 'What is the capital of France?' }]);
    expect(v.modelPreferences).toEqual({
      hints: ['claude-3-sonnet', 'claude'],
      costPriority: 0.3,
      speedPriority: 0.5,
      intelligencePriority: 0.8,
    });
    expect(v).toMatchObject({
      systemPrompt: 'You are a helpful assistant.',
      maxTokens: 100,
      temperature: 0.1,
      stopSequences: ['\n\n'],
      includeContext: 'none',
      metadata: { provider: 'x' },
    });
    expect(v.extra).toEqual({ vendorField: 1 });
    expect(v.problems).toEqual([]);
  });

  it('lists what breaks the spec', () => {
    const v = readSamplingRequest({
      messages: [
        {
          role: 'system',
          content: [
            { type: 'text', text: 'a' },
            { type: 'tool_result', toolUseId: 'x', content: [] },
          ],
        },
      ],
      tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
      includeContext: 'allServers',
      modelPreferences: { costPriority: 2 },
    });
    expect(v.problems).toEqual([
      'messages[0].role must be "user" or "assistant", got "system"',
      'messages[0] mixes tool_result with other content (MUST contain only tool results)',
      'maxTokens is required',
      'modelPreferences.costPriority must be between 0 and 1, got 2',
      'The request has tools, but the client did not declare sampling.tools (servers MUST NOT send tool-enabled sampling requests then)',
      'includeContext "allServers" is deprecated and the client did not declare sampling.context',
    ]);
    expect(v.tools).toEqual([{ name: 'get_weather', description: undefined, inputSchema: { type: 'object' } }]);
    expect(readSamplingRequest({ messages: [], maxTokens: 1, tools: [] }, { tools: true, context: false }).problems).toEqual([]);
  });
});

describe('buildSamplingResult', () => {
  const draft = (patch: Partial<SamplingDraft> = {}): SamplingDraft => ({ ...initialSamplingDraft(readSamplingRequest(params)), ...patch });

  it('builds a text result', () => {
    expect(buildSamplingResult(draft({ text: 'Paris.' }))).toEqual({
      ok: true,
      result: { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'mcpscope-manual', stopReason: 'endTurn' },
      warnings: [],
    });
    const noStop = buildSamplingResult(draft({ text: 'x', stopReason: '' }));
    expect(noStop.ok && 'stopReason' in noStop.result).toBe(false);
  });

  it('validates JSON content blocks and reports paths', () => {
    const image = buildSamplingResult(draft({ mode: 'json', json: '{"type":"image","data":"aGk=","mimeType":"image/png"}' }));
    expect(image.ok).toBe(true);
    const bad = buildSamplingResult(draft({ mode: 'json', json: '[{"type":"image","data":"not base64!"}]', model: ' ' }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.some((e) => e.startsWith('content[0].data'))).toBe(true);
      expect(bad.errors.some((e) => e.startsWith('content[0].mimeType'))).toBe(true);
      expect(bad.errors.some((e) => e.startsWith('model'))).toBe(true);
    }
    expect(buildSamplingResult(draft({ mode: 'json', json: '{' }))).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/not valid JSON/)],
    });
  });

  it('warns about tool use that does not fit the request, without blocking', () => {
    const withTools = readSamplingRequest({ ...params, tools: [{ name: 'get_weather' }] }, { tools: true, context: false });
    const d = initialSamplingDraft(withTools);
    expect(JSON.parse(d.json)).toEqual({ type: 'tool_use', id: 'call_1', name: 'get_weather', input: {} });
    const r = buildSamplingResult({ ...d, mode: 'json', json: '{"type":"tool_use","id":"c","name":"other","input":{}}' }, withTools);
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([
      'A reply with tool_use usually has stopReason "toolUse"',
      'tool_use "other" is not one of the tools offered',
    ]);
  });

  it('carries text across mode switches', () => {
    const json = switchMode(draft({ text: 'hello' }), 'json');
    expect(JSON.parse(json.json)).toEqual({ type: 'text', text: 'hello' });
    const back = switchMode({ ...json, json: '{"type":"text","text":"edited"}' }, 'text');
    expect(back.text).toBe('edited');
  });
});
