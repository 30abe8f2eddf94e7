// One variant database: the original's schema replayed into a new file and filled table by
// table, parents first, from a seed. Keys stay unique and foreign keys point at real rows; NOT
// NULL, UNIQUE and CHECK constraints are enforced by SQLite itself as each row goes in (a row it
// refuses is drawn again, then skipped). The finished file must pass foreign_key_check and
// integrity_check, or generation fails: a variant that breaks the schema's own rules would
// count differences no real database could show.
import { createHash } from 'node:crypto';
import { readFile, rename, rm } from 'node:fs/promises';
import type { ColumnSchema, ForeignKeySchema, TableSchema } from '@nl2sql/datasource';
import { dateShape } from './date-text.js';
import { SeededRandom } from './seeded-random.js';
import { SqliteFile } from './sqlite-file.js';
import { TestSuiteError } from './testsuite-error.js';
import { type Value, ValueFuzzer } from './value-fuzzer.js';
import type { VariantContext } from './variant-context.js';
import { drawKnobs, type VariantKnobs } from './variant-knobs.js';

export interface GeneratedVariant {
  /** Rows per table, by table name. */
  rows: Record<string, number>;
  /** SHA-256 (hex) of the file's bytes. */
  sha256: string;
  knobs: VariantKnobs;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const lower = (s: string) => s.toLowerCase();
/** Draws per row before the row is given up (each refused INSERT is one draw). */
const ATTEMPTS_PER_ROW = 4;

interface FilledTable {
  table: TableSchema;
  /** Inserted rows, cells in column order. */
  rows: Value[][];
  /** Row indexes no child may reference. */
  childless: Set<number>;
}

function isConstraintError(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT';
}

function columnIndex(table: TableSchema, name: string): number {
  return table.columns.findIndex((c) => lower(c.name) === lower(name));
}

class TableFiller {
  private readonly fuzzers: ValueFuzzer[];
  private readonly fkColumns = new Set<number>();
  private readonly pkColumns: number[];
  private readonly autoKey: number | undefined;
  private nextKey = 1;

  constructor(
    private readonly table: TableSchema,
    private readonly context: VariantContext,
    private readonly filled: Map<string, FilledTable>,
    private readonly deferred: readonly ForeignKeySchema[],
    private readonly knobs: VariantKnobs,
    private readonly rng: SeededRandom,
  ) {
    for (const fk of table.foreignKeys ?? [])
      for (const c of fk.columns) this.fkColumns.add(columnIndex(table, c));
    this.pkColumns = (table.primaryKey ?? []).map((c) => columnIndex(table, c));
    const only = this.pkColumns.length === 1 ? this.pkColumns[0]! : undefined;
    this.autoKey =
      only !== undefined &&
      !this.fkColumns.has(only) &&
      this.profile(table.columns[only]!).kind === 'integer'
        ? only
        : undefined;
    this.fuzzers = table.columns.map((c) => this.fuzzer(c));
  }

  private profile(column: ColumnSchema) {
    return this.context.profiles.get(`${this.table.name}.${column.name}`)!;
  }

  private fuzzer(column: ColumnSchema): ValueFuzzer {
    const key = `${this.table.name}.${column.name}`;
    const profile = this.profile(column);
    const { numbers, strings } = this.context.pool;
    const pool =
      profile.kind === 'integer'
        ? numbers.filter(Number.isInteger)
        : profile.kind === 'real'
          ? numbers
          : profile.kind === 'text'
            ? strings
            : profile.kind === 'date'
              ? strings.filter((s) => dateShape(s) !== undefined)
              : [];
    return new ValueFuzzer(
      profile,
      this.context.nearLiterals.get(key) ?? [],
      pool,
      this.context.hot.has(key),
      this.knobs,
      this.rng,
    );
  }

  /** Rows to aim for: more for tables holding keys, at most twice the original's count (or 10). */
  target(): number {
    const weight = 1 + (this.table.foreignKeys?.length ?? 0);
    const wanted = Math.max(
      1,
      Math.round(this.knobs.base * weight * (0.75 + this.rng.float() * 0.5)),
    );
    const original = this.table.rowCount ?? 0;
    return original > 0 ? Math.min(wanted, Math.max(2 * original, 10)) : wanted;
  }

  async fill(db: SqliteFile): Promise<FilledTable> {
    const out: FilledTable = { table: this.table, rows: [], childless: new Set() };
    const target = this.target();
    const columns = this.table.columns.map((c) => quote(c.name)).join(', ');
    const marks = this.table.columns.map(() => '?').join(', ');
    const insert = await db.prepare(
      `INSERT INTO ${quote(this.table.name)} (${columns}) VALUES (${marks})`,
    );
    let attempts = target * ATTEMPTS_PER_ROW;
    while (out.rows.length < target && attempts > 0) {
      attempts -= 1;
      const row = this.draw(out);
      if (row === undefined) continue;
      try {
        await insert.run(row);
        out.rows.push(row);
      } catch (error) {
        if (!isConstraintError(error)) {
          await insert.finalize();
          throw error;
        }
      }
    }
    await insert.finalize();
    const reserve =
      this.knobs.childlessShare > 0 && out.rows.length >= 2
        ? Math.max(1, Math.floor(out.rows.length * this.knobs.childlessShare))
        : 0;
    for (const i of this.rng.shuffle(out.rows.map((_, i) => i)).slice(0, reserve))
      out.childless.add(i);
    return out;
  }

  /** One candidate row, or undefined when no parent fits. */
  private draw(self: FilledTable): Value[] | undefined {
    const { table, rng, knobs } = this;
    const row: (Value | undefined)[] = table.columns.map(() => undefined);
    if (this.autoKey !== undefined) {
      row[this.autoKey] = this.nextKey;
      this.nextKey += rng.chance(0.2) ? rng.int(2, 4) : 1;
    }
    if (self.rows.length > 0 && rng.chance(knobs.duplicateRate)) {
      const twin = rng.pick(self.rows);
      const keyed = new Set([...this.pkColumns, ...this.fkColumns]);
      const noKey = this.pkColumns.length === 0;
      twin.forEach((v, i) => {
        if (noKey || !keyed.has(i)) row[i] = v;
      });
    }
    for (const fk of table.foreignKeys ?? []) {
      const cols = fk.columns.map((c) => columnIndex(table, c));
      // A duplicate of a row without a primary key has its keys copied already.
      if (cols.every((i) => row[i] !== undefined)) continue;
      const nullable = cols.every((i) => table.columns[i]!.nullable !== false);
      if (this.deferred.includes(fk)) {
        // Patched once the parent is filled; a placeholder until then.
        for (const i of cols) row[i] = nullable ? null : this.fuzzers[i]!.draw(true);
        continue;
      }
      if (nullable && rng.chance(knobs.fkNullRate)) {
        for (const i of cols) row[i] = null;
        continue;
      }
      const parent = this.parentTuples(fk, self, row, cols);
      if (parent.length === 0) {
        if (!nullable) return undefined;
        for (const i of cols) row[i] = null;
        continue;
      }
      const chosen = rng.pickSkewed(parent, knobs.skew);
      cols.forEach((i, k) => {
        row[i] = chosen[k]!;
      });
    }
    return row.map((v, i) => {
      if (v !== undefined) return v;
      const required = this.pkColumns.includes(i) || table.columns[i]!.nullable === false;
      return this.fuzzers[i]!.draw(required);
    });
  }

  /** Key tuples of the parent a foreign key may point at, consistent with cells already set. */
  private parentTuples(
    fk: ForeignKeySchema,
    self: FilledTable,
    row: readonly (Value | undefined)[],
    cols: readonly number[],
  ): Value[][] {
    const isSelf = lower(fk.referencedTable) === lower(this.table.name);
    const parent = isSelf ? self : this.filled.get(lower(fk.referencedTable));
    if (parent === undefined) return [];
    const refs = fk.referencedColumns.map((c) => columnIndex(parent.table, c));
    const tuples: Value[][] = [];
    parent.rows.forEach((r, i) => {
      if (!isSelf && parent.childless.has(i)) return;
      const tuple = refs.map((j) => r[j] ?? null);
      if (tuple.some((v) => v === null)) return;
      if (cols.every((c, k) => row[c] === undefined || row[c] === tuple[k])) tuples.push(tuple);
    });
    if (isSelf && tuples.length === 0) {
      // The first row of a hierarchy whose parent key may not be NULL points at itself.
      const own = refs.map((j) => row[j]);
      if (own.every((v) => v !== undefined && v !== null)) tuples.push(own as Value[]);
    }
    return tuples;
  }
}

async function patchDeferred(
  db: SqliteFile,
  filled: Map<string, FilledTable>,
  table: TableSchema,
  deferred: readonly ForeignKeySchema[],
  knobs: VariantKnobs,
  rng: SeededRandom,
): Promise<void> {
  const pk = table.primaryKey ?? [];
  if (pk.length === 0) {
    throw new TestSuiteError(
      'unsupported_schema',
      `table ${table.name} is in a foreign-key cycle and has no primary key to patch its rows by`,
    );
  }
  const own = filled.get(lower(table.name))!;
  const pkIdx = pk.map((c) => columnIndex(table, c));
  for (const fk of deferred) {
    const cols = fk.columns.map((c) => columnIndex(table, c));
    const nullable = cols.every((i) => table.columns[i]!.nullable !== false);
    const parent = filled.get(lower(fk.referencedTable))!;
    const refs = fk.referencedColumns.map((c) => columnIndex(parent.table, c));
    const tuples = parent.rows
      .map((r) => refs.map((j) => r[j] ?? null))
      .filter((t) => t.every((v) => v !== null));
    const set = fk.columns.map((c) => `${quote(c)} = ?`).join(', ');
    const where = pk.map((c) => `${quote(c)} = ?`).join(' AND ');
    const update = `UPDATE ${quote(table.name)} SET ${set} WHERE ${where}`;
    for (const row of own.rows) {
      const key = pkIdx.map((i) => row[i]!);
      const choices: Value[][] = [];
      if (nullable && rng.chance(knobs.fkNullRate)) choices.push(cols.map(() => null));
      for (let k = 0; k < 5 && tuples.length > 0; k += 1) choices.push(rng.pick(tuples));
      if (nullable) choices.push(cols.map(() => null));
      let done = false;
      for (const tuple of choices) {
        try {
          await db.run(update, [...tuple, ...key]);
          cols.forEach((c, k) => {
            row[c] = tuple[k]!;
          });
          done = true;
          break;
        } catch (error) {
          if (!isConstraintError(error)) throw error;
        }
      }
      if (!done) {
        throw new TestSuiteError(
          'variant_invalid',
          `no parent row of ${fk.referencedTable} fits ${table.name}(${fk.columns.join(', ')})`,
        );
      }
    }
  }
}

async function verify(db: SqliteFile, file: string): Promise<void> {
  const broken = await db.all('PRAGMA foreign_key_check');
  if (broken.length > 0) {
    const first = broken[0]!;
    throw new TestSuiteError(
      'variant_invalid',
      `${file}: ${broken.length} row(s) break a foreign key, e.g. ${String(first.table)} rowid ${String(first.rowid)} -> ${String(first.parent)}`,
    );
  }
  const integrity = await db.all('PRAGMA integrity_check');
  const verdict = integrity.map((r) => String(Object.values(r)[0])).join('; ');
  if (verdict !== 'ok')
    throw new TestSuiteError('variant_invalid', `${file}: integrity_check says ${verdict}`);
}

/**
 * Write the variant for `seed` to `file` (replacing it). The same context and seed give the
 * same bytes: every choice comes from the seed, tables and rows go in in a fixed order, and
 * the file is vacuumed before it is hashed.
 */
export async function generateVariant(
  context: VariantContext,
  seed: number,
  file: string,
): Promise<GeneratedVariant> {
  const rng = new SeededRandom(seed);
  const knobs = drawKnobs(rng);
  const temp = `${file}.partial`;
  await rm(temp, { force: true });
  const db = await SqliteFile.open(temp, 'create');
  const filled = new Map<string, FilledTable>();
  let failed = true;
  try {
    await db.exec('PRAGMA page_size = 4096; PRAGMA foreign_keys = OFF;');
    for (const statement of context.model.ddl) await db.exec(statement);
    await db.exec('BEGIN');
    const byName = new Map(context.model.tables.map((t) => [t.name, t]));
    for (const name of context.model.fillOrder) {
      const table = byName.get(name)!;
      const deferred = context.model.deferred.get(name) ?? [];
      const filler = new TableFiller(table, context, filled, deferred, knobs, rng);
      filled.set(lower(name), await filler.fill(db));
    }
    for (const [name, deferred] of context.model.deferred)
      await patchDeferred(db, filled, byName.get(name)!, deferred, knobs, rng);
    await db.exec('COMMIT');
    await verify(db, file);
    await db.exec('VACUUM');
    failed = false;
  } finally {
    await db.close();
    if (failed) await rm(temp, { force: true });
  }
  await rename(temp, file);
  const sha256 = createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
  const rows: Record<string, number> = {};
  for (const name of context.model.fillOrder) rows[name] = filled.get(lower(name))!.rows.length;
  return { rows, sha256, knobs };
}
