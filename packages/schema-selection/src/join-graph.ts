// The tables as a graph whose edges are the relationships a join may follow (for path
// completion: approved and wholly readable by the role). Edges are undirected: a foreign key
// joins the same rows whichever side the query starts from. A relationship from a table to
// itself (an employee's manager) connects nothing new and is left out.

import type { Relationship } from './relationship.js';

/** One join of a path, walked from table `from` to table `to`. */
export interface JoinStep {
  readonly relationship: Relationship;
  readonly from: string;
  readonly to: string;
}

interface Edge {
  readonly relationship: Relationship;
  readonly to: string;
}

/** Shortest paths from a set of tables to a target set, found by one breadth-first search. */
export class PathSearch {
  readonly #distance: ReadonlyMap<string, number>;
  readonly #previous: ReadonlyMap<string, readonly JoinStep[]>;

  constructor(distance: ReadonlyMap<string, number>, previous: ReadonlyMap<string, JoinStep[]>) {
    this.#distance = distance;
    this.#previous = previous;
  }

  /** Joins needed to reach the nearest of `targets` (0 if one is a source), or undefined. */
  distance(targets: Iterable<string>): number | undefined {
    let best: number | undefined;
    for (const t of targets) {
      const d = this.#distance.get(t);
      if (d !== undefined && (best === undefined || d < best)) best = d;
    }
    return best;
  }

  /** How many distinct shortest paths reach the nearest targets (may be large). */
  count(targets: Iterable<string>): number {
    const best = this.distance(targets);
    if (best === undefined) return 0;
    const memo = new Map<string, number>();
    const ways = (table: string): number => {
      const known = memo.get(table);
      if (known !== undefined) return known;
      const steps = this.#previous.get(table) ?? [];
      const n = steps.length === 0 ? 1 : steps.reduce((sum, s) => sum + ways(s.from), 0);
      memo.set(table, n);
      return n;
    };
    let total = 0;
    for (const t of new Set(targets)) if (this.#distance.get(t) === best) total += ways(t);
    return total;
  }

  /**
   * Up to `limit` shortest paths to the nearest targets, each from a source to a target, in a
   * fixed order (targets by name, then steps by relationship label). A target that is itself a
   * source yields one empty path.
   */
  paths(targets: Iterable<string>, limit: number): JoinStep[][] {
    const best = this.distance(targets);
    if (best === undefined) return [];
    const found: JoinStep[][] = [];
    const walk = (table: string, suffix: JoinStep[]) => {
      if (found.length >= limit) return;
      const steps = this.#previous.get(table) ?? [];
      if (steps.length === 0) {
        found.push(suffix);
        return;
      }
      for (const step of steps) walk(step.from, [step, ...suffix]);
    };
    for (const t of [...new Set(targets)].sort()) {
      if (this.#distance.get(t) === best) walk(t, []);
    }
    return found;
  }
}

export class JoinGraph {
  readonly #edges = new Map<string, Edge[]>();

  /** A graph over `relationships`, keeping those `usable` accepts. */
  constructor(relationships: readonly Relationship[], usable: (r: Relationship) => boolean) {
    for (const relationship of relationships) {
      const { from, to } = relationship;
      if (from.table === to.table || !usable(relationship)) continue;
      this.#add(from.table, { relationship, to: to.table });
      this.#add(to.table, { relationship, to: from.table });
    }
    for (const edges of this.#edges.values()) {
      edges.sort((a, b) =>
        a.relationship.id < b.relationship.id ? -1 : a.relationship.id > b.relationship.id ? 1 : 0,
      );
    }
  }

  #add(table: string, edge: Edge): void {
    const edges = this.#edges.get(table);
    if (edges) edges.push(edge);
    else this.#edges.set(table, [edge]);
  }

  /** The relationships usable from `table`, with the table at the other end. */
  neighbours(table: string): ReadonlyArray<{ relationship: Relationship; table: string }> {
    return (this.#edges.get(table) ?? []).map((e) => ({
      relationship: e.relationship,
      table: e.to,
    }));
  }

  /** Breadth-first search from every table of `sources` at once. */
  search(sources: Iterable<string>): PathSearch {
    const distance = new Map<string, number>();
    const previous = new Map<string, JoinStep[]>();
    let frontier = [...new Set(sources)].sort();
    for (const s of frontier) distance.set(s, 0);
    for (let d = 1; frontier.length > 0; d++) {
      const next: string[] = [];
      for (const table of frontier) {
        for (const edge of this.#edges.get(table) ?? []) {
          const seen = distance.get(edge.to);
          if (seen === undefined) {
            distance.set(edge.to, d);
            next.push(edge.to);
          } else if (seen !== d) continue;
          const step = { relationship: edge.relationship, from: table, to: edge.to };
          const steps = previous.get(edge.to);
          if (steps) steps.push(step);
          else previous.set(edge.to, [step]);
        }
      }
      frontier = next.sort();
    }
    return new PathSearch(distance, previous);
  }
}
