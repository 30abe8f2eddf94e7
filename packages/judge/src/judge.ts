// What a judge is to the rest of the package: something that, given a question and two
// queries (with the heads of their results), says whether they are equivalent and why, and
// reports what the call cost. The LLM judge is one; calibration and the cascade take any.
import { Nullable, type Static, Type } from '@nl2sql/format';
import type { UsageRecord } from '@nl2sql/llm';

/** A structural schema (what `@nl2sql/datasource`'s `introspect()` returns fits it). */
export interface JudgeSchema {
  tables: ReadonlyArray<{
    name: string;
    columns: ReadonlyArray<{
      name: string;
      type?: string;
      nullable?: boolean;
      primaryKey?: boolean;
    }>;
    /** Primary-key columns in key order. */
    primaryKey?: readonly string[];
    foreignKeys?: ReadonlyArray<{
      columns: readonly string[];
      referencedTable: string;
      referencedColumns: readonly string[];
    }>;
  }>;
}

/** What a query returned on the evaluation database, or why it returned nothing. */
export type JudgedResult =
  | { columns: readonly string[]; rows: ReadonlyArray<readonly unknown[]>; truncated?: boolean }
  | { error: string };

export interface JudgedQuery {
  sql: string;
  /** Its result on the evaluation database, when it was run. */
  result?: JudgedResult;
}

export interface JudgeInput {
  question: string;
  dialect: 'sqlite' | 'postgres';
  /** The database's schema (the judge keeps the tables either query reads). */
  schema?: JudgeSchema;
  /** Whether row order is part of the answer, when the suite says. */
  orderMatters?: boolean;
  /** The reference (gold) query. */
  gold: JudgedQuery;
  candidate: JudgedQuery;
}

/**
 * Which judge gave a verdict: everything that changes its answers. Defined with TypeBox
 * because a calibration record holds it (calibration-record.ts).
 */
export const JudgeIdentitySchema = Type.Object(
  {
    provider: Type.String({ minLength: 1 }),
    model: Type.String({ minLength: 1 }),
    temperature: Nullable(Type.Number(), {
      description: 'The temperature sent, or null when none is sent.',
    }),
    promptVersion: Type.String({
      minLength: 1,
      description: "The prompt template's version (JUDGE_PROMPT_VERSION for the LLM judge).",
    }),
  },
  {
    additionalProperties: false,
    description: 'Which judge gave a verdict: everything that changes its answers.',
  },
);

/** Which judge gave a verdict: provider, model, temperature (null: none sent), prompt version. */
export interface JudgeIdentity extends Static<typeof JudgeIdentitySchema> {}

export interface JudgeVerdict {
  equivalent: boolean;
  /** One or two sentences on why. */
  reason: string;
  /** Each semantic difference the judge found (empty when none). */
  differences: string[];
  /** One record per HTTP call the verdict took (two when a correction was needed). */
  usage: UsageRecord[];
  /** Dollars for those calls, at the configured model's price. */
  costUsd: number;
}

export interface JudgeCallOptions {
  signal?: AbortSignal;
}

export interface Judge {
  readonly identity: JudgeIdentity;
  judge(input: JudgeInput, options?: JudgeCallOptions): Promise<JudgeVerdict>;
  /** Dollars for usage records of this judge's calls (also those of a call that then failed). */
  cost(usage: readonly UsageRecord[]): number;
}

/** `openai:gpt-5.4 (temperature 0, prompt sql-equivalence/1)`. */
export function formatJudgeIdentity(identity: JudgeIdentity): string {
  const t =
    identity.temperature === null ? 'no temperature' : `temperature ${identity.temperature}`;
  return `${identity.provider}:${identity.model} (${t}, prompt ${identity.promptVersion})`;
}

export function sameJudgeIdentity(a: JudgeIdentity, b: JudgeIdentity): boolean {
  return (
    a.provider === b.provider &&
    a.model === b.model &&
    a.temperature === b.temperature &&
    a.promptVersion === b.promptVersion
  );
}
