// Plan cache: a validated plan per (datasource, schema fingerprint, question). Role is not
// part of the key: the plan does not depend on it, and RBAC runs on a cached plan as on a new
// one. A schema change gives a new fingerprint, so stale plans are never replayed.

import type { PlanModel } from '@nl2sql/plan';
import { questionKey } from './question-key.js';

export class PlanCache {
  readonly #plans = new Map<string, PlanModel>();
  readonly maxEntries: number;

  constructor(maxEntries = 10_000) {
    this.maxEntries = maxEntries;
  }

  #key(datasource: string, fingerprint: string, question: string): string {
    return `${datasource}\u0000${fingerprint}\u0000${questionKey(question)}`;
  }

  get(datasource: string, fingerprint: string, question: string): PlanModel | undefined {
    return this.#plans.get(this.#key(datasource, fingerprint, question));
  }

  set(datasource: string, fingerprint: string, question: string, plan: PlanModel): void {
    const key = this.#key(datasource, fingerprint, question);
    this.#plans.delete(key);
    this.#plans.set(key, plan);
    // Evict the oldest insertion: Maps iterate in insertion order.
    while (this.#plans.size > this.maxEntries) {
      const oldest = this.#plans.keys().next().value;
      if (oldest === undefined) break;
      this.#plans.delete(oldest);
    }
  }

  get size(): number {
    return this.#plans.size;
  }

  clear(): void {
    this.#plans.clear();
  }
}
