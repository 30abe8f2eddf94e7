// What the three chat wires and the embeddings wire look like to FakeLLMServer: reading a
// request (which wire, which structured output, the last user turn) and writing a reply in
// that wire's JSON with the canned usage, as a provider would.

import type { FakeRequest, FakeUsage } from './fake-llm-server.js';
import type { Wire } from './providers.js';

export function wireOf(path: string): Wire | 'embeddings' | undefined {
  if (path.endsWith('/embeddings')) return 'embeddings';
  if (path.endsWith('/chat/completions')) return 'chat';
  if (path.endsWith('/responses')) return 'responses';
  if (path.endsWith('/messages')) return 'anthropic';
  return undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function schemaNameOf(
  wire: Wire | 'embeddings',
  body: Record<string, unknown>,
): string | undefined {
  let name: unknown;
  if (wire === 'embeddings') return undefined;
  if (wire === 'chat') name = record(record(body.response_format).json_schema).name;
  else if (wire === 'responses') name = record(record(body.text).format).name;
  else name = record(body.tool_choice).name;
  return typeof name === 'string' ? name : undefined;
}

export function lastUserText(wire: Wire | 'embeddings', body: Record<string, unknown>): string {
  if (wire === 'embeddings') return '';
  const turns = wire === 'responses' ? body.input : body.messages;
  if (!Array.isArray(turns)) return typeof turns === 'string' ? turns : '';
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = record(turns[i]);
    if (t.role !== 'user') continue;
    if (typeof t.content === 'string') return t.content;
    if (Array.isArray(t.content)) {
      return t.content
        .map((c) => {
          const part = record(c);
          return typeof part.text === 'string'
            ? part.text
            : typeof part.content === 'string'
              ? part.content
              : '';
        })
        .join('');
    }
  }
  return '';
}

export function embeddingsReply(
  request: FakeRequest,
  u: FakeUsage,
  embed: (text: string, model: string) => number[],
): unknown {
  return {
    object: 'list',
    data: request.inputs.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: embed(text, request.model),
    })),
    model: request.model,
    usage: { prompt_tokens: u.input, total_tokens: u.input },
  };
}

export function wireReply(
  request: FakeRequest,
  answer: unknown,
  reply: { readonly usage: FakeUsage; readonly model: string; readonly id: string },
): unknown {
  const { usage: u, model, id } = reply;
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  if (request.wire === 'chat') {
    return {
      id: `chatcmpl-${id}`,
      object: 'chat.completion',
      created: 0,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: u.input,
        completion_tokens: u.output,
        total_tokens: u.input + u.output,
        prompt_tokens_details: { cached_tokens: u.cached },
        completion_tokens_details: { reasoning_tokens: u.reasoning },
      },
    };
  }
  if (request.wire === 'responses') {
    return {
      id: `resp_${id}`,
      object: 'response',
      status: 'completed',
      model,
      output: [
        { type: 'reasoning', id: `rs_${id}`, summary: [] },
        {
          type: 'message',
          id: `msg_${id}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text, annotations: [] }],
        },
      ],
      usage: {
        input_tokens: u.input,
        input_tokens_details: { cached_tokens: u.cached },
        output_tokens: u.output,
        output_tokens_details: { reasoning_tokens: u.reasoning },
        total_tokens: u.input + u.output,
      },
    };
  }
  const structured = request.schemaName !== undefined && typeof answer !== 'string';
  return {
    id: `msg_${id}`,
    type: 'message',
    role: 'assistant',
    model,
    content: structured
      ? [{ type: 'tool_use', id: `toolu_${id}`, name: request.schemaName, input: answer }]
      : [{ type: 'text', text }],
    stop_reason: structured ? 'tool_use' : 'end_turn',
    usage: {
      input_tokens: Math.max(0, u.input - u.cached - u.cacheWrite),
      cache_read_input_tokens: u.cached,
      cache_creation_input_tokens: u.cacheWrite,
      output_tokens: u.output,
    },
  };
}
