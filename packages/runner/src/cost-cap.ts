/**
 * The dollar cap (spec "Cost and the cap"). Before each case the run adds the most
 * expensive case so far to what it has spent and stops if that could pass the cap; the
 * first case always runs. With cases in flight each is reserved at the most expensive
 * case so far too, so concurrency does not widen the overshoot the spec allows (what one
 * case costs more than the most expensive case before it); and until the first case has
 * finished the run knows no cost at all, so it runs one case at a time.
 */
export class CostCap {
  readonly maxUsd: number | null;
  #spent = 0;
  #mostExpensive = 0;
  #finished = 0;
  #started = 0;

  constructor(maxUsd: number | null | undefined) {
    if (maxUsd !== null && maxUsd !== undefined && !(Number.isFinite(maxUsd) && maxUsd >= 0)) {
      throw new RangeError(`maxCostUsd must be a finite number of dollars >= 0, got ${maxUsd}`);
    }
    this.maxUsd = maxUsd ?? null;
  }

  get spent(): number {
    return this.#spent;
  }

  get mostExpensive(): number {
    return this.#mostExpensive;
  }

  /** Whether another case may start now, with `inFlight` cases still running. */
  allows(inFlight: number): boolean {
    if (this.maxUsd === null) return true;
    if (this.#started === 0) return true;
    if (this.#finished === 0) return false;
    return this.#spent + (inFlight + 1) * this.#mostExpensive <= this.maxUsd;
  }

  /** True when no further case can ever start (not merely waiting on one in flight). */
  exhausted(inFlight: number): boolean {
    if (this.maxUsd === null || this.#started === 0) return false;
    if (this.#finished === 0) return false;
    return inFlight === 0 && !this.allows(0);
  }

  start(): void {
    this.#started++;
  }

  /**
   * Dollars billed as they are spent: one LLM call as it completes (a config whose client
   * reports its calls), or what a killed run had spent, read back from its journal. Money
   * spent on a case run that never finishes still counts against the cap.
   */
  spend(usd: number): void {
    this.#spent += usd;
  }

  /**
   * A case run finished (or was read back from the journal) having cost `usd`. Its dollars
   * are added to what was spent unless `billed` says its calls were already spent one by
   * one (`spend`).
   */
  finish(usd: number, options: { readonly billed?: boolean } = {}): void {
    this.#finished++;
    this.#started = Math.max(this.#started, this.#finished);
    if (options.billed !== true) this.#spent += usd;
    if (usd > this.#mostExpensive) this.#mostExpensive = usd;
  }

  /** A started case was abandoned (cancelled): it no longer counts as in flight. */
  abandon(): void {
    this.#started = Math.max(this.#finished, this.#started - 1);
  }
}
