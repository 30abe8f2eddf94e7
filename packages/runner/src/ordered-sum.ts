/**
 * A sum of floats taken in task order, whatever order the terms arrive in: float addition
 * is not associative, and a board must read the same whether its case runs finished in
 * one order, another, or on three machines merged (decisions/runner-shards-and-merge.md).
 */
export class OrderedSum {
  readonly #terms: Array<readonly [order: number, value: number]> = [];

  add(order: number, value: number): void {
    if (value !== 0) this.#terms.push([order, value]);
  }

  total(): number {
    return [...this.#terms].sort((a, b) => a[0] - b[0]).reduce((sum, [, v]) => sum + v, 0);
  }
}
