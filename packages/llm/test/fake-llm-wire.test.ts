import { describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_USAGE, type FakeRequest } from '../src/fake-llm-server.js';
import { lastUserText, schemaNameOf, wireOf, wireReply } from '../src/fake-llm-wire.js';

const request = (wire: FakeRequest['wire'], schemaName?: string): FakeRequest => ({
  wire,
  path: '/v1/x',
  headers: {},
  body: {},
  schemaName,
  model: 'm',
  lastUserText: '',
  inputs: [],
});
const reply = { usage: DEFAULT_FAKE_USAGE, model: 'm-2026-01-01', id: 'fake_1' };

describe('reading a request', () => {
  it('knows the wire by its path, and no other path', () => {
    expect(wireOf('/v1/chat/completions')).toBe('chat');
    expect(wireOf('/v1/responses')).toBe('responses');
    expect(wireOf('/v1/messages')).toBe('anthropic');
    expect(wireOf('/v1/embeddings')).toBe('embeddings');
    expect(wireOf('/v1/completions')).toBeUndefined();
  });

  it("finds the structured output's name where each wire puts it", () => {
    expect(schemaNameOf('chat', { response_format: { json_schema: { name: 'plan' } } })).toBe(
      'plan',
    );
    expect(schemaNameOf('responses', { text: { format: { name: 'plan' } } })).toBe('plan');
    expect(schemaNameOf('anthropic', { tool_choice: { name: 'plan' } })).toBe('plan');
    expect(schemaNameOf('chat', {})).toBeUndefined();
  });

  it('reads the last user turn, in parts or whole', () => {
    const messages = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'fix ' },
          { type: 'tool_result', content: 'it' },
        ],
      },
    ];
    expect(lastUserText('anthropic', { messages })).toBe('fix it');
    expect(lastUserText('responses', { input: 'just text' })).toBe('just text');
    expect(lastUserText('embeddings', { input: 'x' })).toBe('');
  });
});

describe('writing a reply', () => {
  it('Anthropic answers a structured output with a tool_use of its name, text otherwise', () => {
    const structured = wireReply(request('anthropic', 'plan'), { tables: ['Track'] }, reply);
    expect(structured).toMatchObject({
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', name: 'plan', input: { tables: ['Track'] } }],
      usage: { cache_read_input_tokens: DEFAULT_FAKE_USAGE.cached },
    });
    expect(wireReply(request('anthropic'), 'Five.', reply)).toMatchObject({
      stop_reason: 'end_turn',
      content: [{ type: 'text', text: 'Five.' }],
    });
  });

  it('Chat Completions and Responses carry the answer as text with the canned usage', () => {
    expect(wireReply(request('chat', 'plan'), { n: 1 }, reply)).toMatchObject({
      model: 'm-2026-01-01',
      choices: [{ message: { content: '{"n":1}' } }],
      usage: { prompt_tokens: DEFAULT_FAKE_USAGE.input },
    });
    expect(wireReply(request('responses'), 'ok', reply)).toMatchObject({
      output: [{ type: 'reasoning' }, { type: 'message', content: [{ text: 'ok' }] }],
      usage: { output_tokens_details: { reasoning_tokens: DEFAULT_FAKE_USAGE.reasoning } },
    });
  });
});
