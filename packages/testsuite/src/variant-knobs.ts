// How one variant leans: its size and how often it plants each edge case. Drawn from the
// variant's seed, so the candidate pool spans clean and dirty, tiny and larger databases, and
// distillation can keep whichever tell the gold from its mutants.
import type { SeededRandom } from './seeded-random.js';

export interface VariantKnobs {
  /** Rows of a table without foreign keys before the per-table spread; key-holding tables get more. */
  base: number;
  /** Chance a nullable column is NULL (twice that for columns the golds filter or join on). */
  nullRate: number;
  /** Chance a nullable foreign key is NULL: a row without a join partner on the child side. */
  fkNullRate: number;
  /** Chance a column compared with a gold literal takes that literal or one of its neighbours. */
  literalRate: number;
  /** Chance a value is one the original database holds (else it is synthesised). */
  originalRate: number;
  /** Chance a row copies the non-key values of an earlier row: duplicates that DISTINCT removes. */
  duplicateRate: number;
  /** Chance a value repeats one already used in its column: ties for ORDER BY ... LIMIT. */
  tieRate: number;
  /** Share of parent rows no child may reference: rows without a join partner on the parent side. */
  childlessShare: number;
  /** How unevenly children spread over parents (1 = evenly): groups of different sizes. */
  skew: number;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function drawKnobs(rng: SeededRandom): VariantKnobs {
  const size = rng.float();
  const base = size < 0.35 ? rng.int(2, 6) : size < 0.75 ? rng.int(6, 20) : rng.int(20, 45);
  // A quarter of variants are clean (no planted NULLs, duplicates or childless parents), so the
  // golds also meet databases where every filter and join selects something.
  const clean = rng.chance(0.25);
  const dirt = (max: number) => (clean ? 0 : round(rng.float() * max));
  return {
    base,
    nullRate: dirt(0.3),
    fkNullRate: dirt(0.25),
    literalRate: round(0.15 + rng.float() * 0.45),
    originalRate: round(0.3 + rng.float() * 0.5),
    duplicateRate: dirt(0.3),
    tieRate: round(rng.float() * 0.4),
    childlessShare: dirt(0.3),
    skew: round(1 + rng.float() * 2),
  };
}
