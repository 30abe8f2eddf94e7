import {
  FakeLLMServer,
  LlmClient,
  LlmConfigError,
  LlmError,
  modelConfig,
  UnknownPriceError,
} from '@nl2sql/llm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JudgeInput, JudgeSchema } from '../src/judge.js';
import {
  JUDGE_OUTPUT_NAME,
  JUDGE_PROMPT_VERSION,
  JUDGE_SYSTEM_PROMPT,
  promptSection,
} from '../src/judge-prompt.js';
import { JUDGE_NODE, LlmJudge } from '../src/llm-judge.js';
import { judgeClient } from './helpers.js';

const SCHEMA: JudgeSchema = {
  tables: [
    {
      name: 'Genre',
      columns: [
        { name: 'GenreId', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'Name', type: 'NVARCHAR(120)', nullable: true },
      ],
    },
    {
      name: 'Track',
      columns: [
        { name: 'TrackId', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'GenreId', type: 'INTEGER', nullable: true },
      ],
      foreignKeys: [
        { columns: ['GenreId'], referencedTable: 'Genre', referencedColumns: ['GenreId'] },
      ],
    },
    { name: 'Invoice', columns: [{ name: 'InvoiceId', type: 'INTEGER', nullable: false }] },
  ],
};

const INPUT: JudgeInput = {
  question: 'How many tracks are in the heavy metal genre?',
  dialect: 'sqlite',
  schema: SCHEMA,
  orderMatters: false,
  gold: {
    sql: "SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Heavy Metal'",
    result: { columns: ['COUNT(*)'], rows: [[28]] },
  },
  candidate: {
    sql: "SELECT COUNT(*) FROM Track WHERE GenreId = (SELECT GenreId FROM Genre WHERE Name = 'Heavy Metal')",
    result: { columns: ['COUNT(*)'], rows: [[28]] },
  },
};

let server: FakeLLMServer;
let client: LlmClient;

beforeEach(async () => {
  server = new FakeLLMServer({
    answers: {
      [JUDGE_OUTPUT_NAME]: {
        differences: ['Genre.Name is not unique; the scalar subquery keeps one genre id only.'],
        reason: 'With two genres named Heavy Metal the candidate misses tracks.',
        equivalent: false,
      },
    },
    usage: { input: 2000, cached: 0, cacheWrite: 0, output: 100, reasoning: 0 },
  });
  await server.start();
  client = judgeClient(server);
});

afterEach(async () => {
  await client.close();
  await server.close();
});

describe('LlmJudge', () => {
  it('returns the verdict, its reason, the usage of the call and its price', async () => {
    const judge = new LlmJudge(client);
    const verdict = await judge.judge(INPUT);
    expect(verdict.equivalent).toBe(false);
    expect(verdict.reason).toMatch(/two genres/);
    expect(verdict.differences).toHaveLength(1);
    expect(verdict.usage).toHaveLength(1);
    expect(verdict.usage[0]).toMatchObject({
      node: JUDGE_NODE,
      model: 'gpt-5.4',
      input: 2000,
      output: 100,
    });
    // gpt-5.4: (2000 x 2.50 + 100 x 15.00) / 1M
    expect(verdict.costUsd).toBeCloseTo(0.0065, 10);
    expect(judge.cost(verdict.usage)).toBe(verdict.costUsd);
  });

  it('names itself by provider, model, temperature and prompt version', () => {
    expect(new LlmJudge(client).identity).toEqual({
      provider: 'openai',
      model: 'gpt-5.4',
      temperature: 0,
      promptVersion: JUDGE_PROMPT_VERSION,
    });
  });

  it('sends the system prompt, and a user prompt with the schema of the tables read only', async () => {
    await new LlmJudge(client).judge(INPUT);
    const request = server.requests[0]!;
    expect(request.schemaName).toBe(JUDGE_OUTPUT_NAME);
    expect(JSON.stringify(request.body)).toContain(
      JSON.stringify(JUDGE_SYSTEM_PROMPT).slice(1, 60),
    );
    const schema = promptSection(request.lastUserText, 'schema')!;
    expect(schema).toContain('CREATE TABLE Track');
    expect(schema).toContain('CREATE TABLE Genre');
    expect(schema).not.toContain('Invoice');
    expect(schema).toContain('FOREIGN KEY (GenreId) REFERENCES Genre (GenreId)');
    expect(promptSection(request.lastUserText, 'candidate_sql')).toBe(INPUT.candidate.sql);
    expect(promptSection(request.lastUserText, 'reference_result')).toContain('[28]');
  });

  it('shows the whole schema when neither query parses and the schema is small', async () => {
    await new LlmJudge(client).judge({
      ...INPUT,
      gold: { sql: 'SELEC nonsense' },
      candidate: { sql: 'also not sql (' },
    });
    const schema = promptSection(server.requests[0]!.lastUserText, 'schema')!;
    expect(schema).toContain('CREATE TABLE Invoice');
    await new LlmJudge(client, { maxSchemaTables: 2 }).judge({
      ...INPUT,
      gold: { sql: 'SELEC nonsense' },
      candidate: { sql: 'also not sql (' },
    });
    expect(promptSection(server.requests[1]!.lastUserText, 'schema')).toBeUndefined();
  });

  it('refuses, before any call, a model without a price', () => {
    const unpriced = new LlmClient({ ...modelConfig('ollama/llama3', [JUDGE_NODE]) }, { env: {} });
    expect(() => new LlmJudge(unpriced)).toThrow(UnknownPriceError);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a config that names no model for the judge node', async () => {
    // A config whose user declared other nodes only (the reference engine's planner).
    const noJudge = new LlmClient(modelConfig('gpt-5.4', ['planner']), { env: {} });
    expect(() => new LlmJudge(noJudge)).toThrow(LlmConfigError);
    expect(() => new LlmJudge(noJudge)).toThrow(/names no model for the "judge" node/);
    await noJudge.close();
  });

  it('bills both calls when the first answer does not match the schema and is corrected', async () => {
    server.fault({ kind: 'answer', value: { verdict: 'yes' } });
    const verdict = await new LlmJudge(client).judge(INPUT);
    expect(verdict.usage).toHaveLength(2);
    expect(verdict.costUsd).toBeCloseTo(0.013, 10);
  });

  it('rejects a verdict without a reason, carrying the billed usage', async () => {
    server.answer(JUDGE_OUTPUT_NAME, { differences: [], reason: '   ', equivalent: true });
    const error = await new LlmJudge(client).judge(INPUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe('INVALID_OUTPUT');
    expect((error as LlmError).usage).toHaveLength(1);
  });

  it('cuts an overlong answer to the output limits', async () => {
    server.answer(JUDGE_OUTPUT_NAME, {
      differences: Array.from({ length: 30 }, (_, i) => `difference ${i} ${'x'.repeat(600)}`),
      reason: 'r'.repeat(1500),
      equivalent: false,
    });
    const verdict = await new LlmJudge(client).judge(INPUT);
    expect(verdict.differences).toHaveLength(20);
    expect(verdict.differences[0]!.length).toBe(503);
    expect(verdict.reason.length).toBe(1003);
  });

  it('stops when the caller cancels', async () => {
    server.fault({ kind: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    const pending = new LlmJudge(client).judge(INPUT, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect((error as LlmError).code).toBe('CANCELLED');
  });
});
