// What a join means: which columns it makes equal. Two join paths mean the same thing when,
// added to the joins already chosen, they leave the same columns equal to each other. That is
// how completion tells a real ambiguity (a shipment's origin warehouse or its destination
// warehouse) from two spellings of one join (orders.tenant_id = tenants.id when
// order_lines.tenant_id = orders.tenant_id already holds, or the same key declared in both
// directions): it only refuses to guess when the candidates would give different rows.

import { keyPairs, type Relationship } from './relationship.js';

/** Classes of columns made equal by joins (union-find over `Table.Column` keys). */
export class ColumnEqualities {
  readonly #parent: Map<string, string>;

  constructor(parent: ReadonlyMap<string, string> = new Map()) {
    this.#parent = new Map(parent);
  }

  #root(key: string): string {
    let root = key;
    for (let up = this.#parent.get(root); up !== undefined && up !== root; ) {
      root = up;
      up = this.#parent.get(root);
    }
    return root;
  }

  /** Adds the equalities of a relationship's key pairs. */
  join(relationship: Relationship): void {
    for (const [a, b] of keyPairs(relationship)) {
      const ra = this.#root(a);
      const rb = this.#root(b);
      if (!this.#parent.has(ra)) this.#parent.set(ra, ra);
      if (!this.#parent.has(rb)) this.#parent.set(rb, rb);
      // The smaller key becomes the root, so roots do not depend on the order of joins.
      const [low, high] = ra < rb ? [ra, rb] : [rb, ra];
      if (low !== high) this.#parent.set(high, low);
    }
  }

  copy(): ColumnEqualities {
    return new ColumnEqualities(this.#parent);
  }

  /** A canonical text of the classes with two or more columns (equal text, equal meaning). */
  signature(): string {
    const classes = new Map<string, string[]>();
    for (const key of this.#parent.keys()) {
      const root = this.#root(key);
      classes.set(root, [...(classes.get(root) ?? []), key]);
    }
    return [...classes.values()]
      .filter((members) => members.length > 1)
      .map((members) => members.sort().join('='))
      .sort()
      .join(' & ');
  }
}

/** The meaning of adding `path` to the joins in `base`, as a comparable signature. */
export function pathMeaning(base: ColumnEqualities, path: readonly Relationship[]): string {
  const equalities = base.copy();
  for (const relationship of path) equalities.join(relationship);
  return equalities.signature();
}
