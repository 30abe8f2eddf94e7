import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLLMServer } from '../src/fake-llm-server.js';

const server = new FakeLLMServer({
  answers: {
    plan: (req) => ({ echo: req.lastUserText }),
    fixed: { a: 1 },
  },
  respond: (req) => (req.schemaName === 'dynamic' ? { d: true } : undefined),
});

beforeAll(async () => {
  await server.start();
});
afterAll(async () => {
  await server.close();
});

async function post(path: string, body: unknown) {
  const res = await request(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

describe('FakeLLMServer', () => {
  it('listens on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers by schema name, from a value or a function, and records the request', async () => {
    server.reset();
    const r = await post('/v1/chat/completions', {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_schema', json_schema: { name: 'plan', schema: {} } },
    });
    expect(r.status).toBe(200);
    const choice = (r.json.choices as Array<{ message: { content: string } }>)[0]!;
    expect(JSON.parse(choice.message.content)).toEqual({ echo: 'hi' });
    expect(server.requests[0]).toMatchObject({ wire: 'chat', schemaName: 'plan', model: 'm' });
  });

  it('falls back to respond(), then to a 400 naming the schema', async () => {
    const ok = await post('/v1/messages', {
      model: 'c',
      messages: [],
      tool_choice: { type: 'tool', name: 'dynamic' },
    });
    expect((ok.json.content as Array<{ input: unknown }>)[0]!.input).toEqual({ d: true });
    const missing = await post('/v1/responses', {
      model: 'g',
      input: [],
      text: { format: { name: 'nope' } },
    });
    expect(missing.status).toBe(400);
    expect((missing.json.error as { message: string }).message).toContain(
      'no answer for schema "nope"',
    );
  });

  it('faults are consumed in order and can target a schema', async () => {
    server.reset();
    server.fault({ kind: 'status', status: 502 }, { schemaName: 'fixed' });
    const other = await post('/v1/chat/completions', {
      model: 'm',
      messages: [],
      response_format: { json_schema: { name: 'plan' } },
    });
    expect(other.status).toBe(200);
    const body = { model: 'm', messages: [], response_format: { json_schema: { name: 'fixed' } } };
    expect((await post('/v1/chat/completions', body)).status).toBe(502);
    expect((await post('/v1/chat/completions', body)).status).toBe(200);
  });

  it('answer() sets or replaces a table entry', async () => {
    server.answer('fixed', { a: 2 });
    const body = { model: 'm', input: [], text: { format: { name: 'fixed' } } };
    const r = await post('/v1/responses', body);
    const message = (
      r.json.output as Array<{ type: string; content?: Array<{ text: string }> }>
    ).find((o) => o.type === 'message');
    expect(JSON.parse(message!.content![0]!.text)).toEqual({ a: 2 });
    server.answer('fixed', { a: 1 });
  });

  it('unknown routes are 404', async () => {
    expect((await post('/v1/completions', {})).status).toBe(404);
  });
});
