// Curated answers: a bank of verified question -> SQL pairs. A hit skips the decomposer,
// retriever and planner (so it has no plan), but its SQL still goes through the safety check
// with the role's scope and runs on the datasource like any other.

import { questionKey } from './question-key.js';

export interface CuratedAnswer {
  question: string;
  sql: string;
  /** The datasource the SQL is written for. */
  datasource: string;
}

export class CuratedAnswers {
  readonly #bank = new Map<string, CuratedAnswer>();

  constructor(answers: readonly CuratedAnswer[] = []) {
    for (const a of answers) this.add(a);
  }

  add(answer: CuratedAnswer): this {
    this.#bank.set(`${answer.datasource}\u0000${questionKey(answer.question)}`, answer);
    return this;
  }

  get size(): number {
    return this.#bank.size;
  }

  /** The verified answer for the question on that datasource, if the bank has one. */
  lookup(question: string, datasource: string): CuratedAnswer | undefined {
    return this.#bank.get(`${datasource}\u0000${questionKey(question)}`);
  }
}
