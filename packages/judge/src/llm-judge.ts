// The LLM equivalence judge (spec 001 section 6, 004 tier 3) on @nl2sql/llm: one structured
// call per pair on the `judge` node, validated against JUDGE_OUTPUT_SCHEMA (the client makes
// one corrective retry), priced before any call and billed per call, so a runner can count
// every judge call under its cost cap.
import {
  assertPriced,
  callCost,
  type LlmClient,
  LlmConfigError,
  LlmError,
  type NodeConfig,
  type Price,
  priceForModel,
  type UsageRecord,
} from '@nl2sql/llm';
import { readSet } from '@nl2sql/sqlcheck';
import type { Judge, JudgeCallOptions, JudgeIdentity, JudgeInput, JudgeVerdict } from './judge.js';
import {
  buildJudgeUserPrompt,
  JUDGE_OUTPUT_LIMITS,
  JUDGE_OUTPUT_NAME,
  JUDGE_OUTPUT_SCHEMA,
  JUDGE_PROMPT_VERSION,
  JUDGE_SYSTEM_PROMPT,
  type JudgeOutput,
} from './judge-prompt.js';
import { sliceSchema } from './schema-slice.js';

/**
 * The LLM node the judge calls; a config names its model under this node. The judge declares
 * it (`modelConfig(model, [JUDGE_NODE])`, or beside an engine's nodes): @nl2sql/llm knows none.
 */
export const JUDGE_NODE = 'judge';

export interface LlmJudgeOptions {
  /** Rows of each result shown to the judge (default 10). */
  resultRows?: number;
  /** Characters per cell shown (default 120). */
  cellChars?: number;
  /**
   * When neither query can be parsed to find the tables it reads, the whole schema is shown
   * if it has at most this many tables (default 30), else none.
   */
  maxSchemaTables?: number;
}

export class LlmJudge implements Judge {
  readonly identity: JudgeIdentity;
  readonly #client: LlmClient;
  readonly #price: Price;
  readonly #options: LlmJudgeOptions;

  /**
   * Throws LlmConfigError when the config has no `judge` node, and UnknownPriceError (both
   * from @nl2sql/llm) when the config's models have no price: a judge that cannot be billed
   * cannot run under a cost cap.
   */
  constructor(client: LlmClient, options: LlmJudgeOptions = {}) {
    const node = (client.config.nodes as Partial<Record<string, NodeConfig>>)[JUDGE_NODE];
    if (node === undefined) {
      throw new LlmConfigError(
        `the llm config "${client.config.name}" names no model for the "${JUDGE_NODE}" node`,
      );
    }
    assertPriced([client.config]);
    this.#client = client;
    this.#price = priceForModel(node.model, client.config.prices)!;
    this.#options = options;
    this.identity = {
      provider: node.provider,
      model: node.model,
      temperature: node.temperature,
      promptVersion: JUDGE_PROMPT_VERSION,
    };
  }

  /** The input with its schema cut to the tables either query reads. */
  async #sliced(input: JudgeInput): Promise<JudgeInput> {
    const schema = input.schema;
    if (schema === undefined) return input;
    const tables = new Set<string>();
    let parsed = false;
    // sqlcheck's schema shape: names only, so table references resolve as in the database.
    const catalog = {
      tables: schema.tables.map((t) => ({
        name: t.name,
        columns: t.columns.map((c) => ({ name: c.name })),
      })),
    };
    for (const sql of [input.gold.sql, input.candidate.sql]) {
      const read = await readSet(sql, catalog, { dialect: input.dialect });
      if (read === undefined) continue;
      parsed = true;
      for (const t of read.tables) tables.add(t.split('.').pop()!);
    }
    if (parsed) return { ...input, schema: sliceSchema(schema, tables) };
    const max = this.#options.maxSchemaTables ?? 30;
    return schema.tables.length <= max ? input : { ...input, schema: { tables: [] } };
  }

  cost(usage: readonly UsageRecord[]): number {
    return usage.reduce((sum, u) => sum + callCost(u, this.#price), 0);
  }

  async judge(input: JudgeInput, options: JudgeCallOptions = {}): Promise<JudgeVerdict> {
    const sliced = await this.#sliced(input);
    const user = buildJudgeUserPrompt(sliced, {
      ...(this.#options.resultRows !== undefined ? { rows: this.#options.resultRows } : {}),
      ...(this.#options.cellChars !== undefined ? { cellChars: this.#options.cellChars } : {}),
    });
    const result = await this.#client.call(JUDGE_NODE, {
      system: JUDGE_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: user }],
      output: {
        name: JUDGE_OUTPUT_NAME,
        schema: JUDGE_OUTPUT_SCHEMA as unknown as Record<string, unknown>,
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const output = result.output as JudgeOutput;
    const reason = output.reason.trim();
    if (reason === '') {
      // A verdict without a reason cannot be reviewed; the call was billed all the same.
      const error = new LlmError(
        'INVALID_OUTPUT',
        `${this.identity.provider}:${this.identity.model} (node "${JUDGE_NODE}"): the judge gave a verdict without a reason`,
        { provider: this.identity.provider, model: this.identity.model, node: JUDGE_NODE },
      );
      error.usage = result.usage;
      throw error;
    }
    const cut = (text: string, max: number) =>
      text.length > max ? `${text.slice(0, max)}...` : text;
    const costUsd = this.cost(result.usage);
    return {
      equivalent: output.equivalent,
      reason: cut(reason, JUDGE_OUTPUT_LIMITS.reasonChars),
      differences: output.differences
        .map((d) => d.trim())
        .filter((d) => d !== '')
        .slice(0, JUDGE_OUTPUT_LIMITS.differences)
        .map((d) => cut(d, JUDGE_OUTPUT_LIMITS.differenceChars)),
      usage: result.usage,
      costUsd,
    };
  }
}
