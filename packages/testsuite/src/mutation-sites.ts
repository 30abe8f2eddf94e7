// Where a gold query can be mutated: a walk of its AST that records, for each operator of
// MUTATION_OPERATORS, every site it applies to with the edit it makes (drop or negate a
// predicate, flip a comparison, swap an aggregate, change a join type, DISTINCT, LIMIT,
// ORDER BY, a literal's neighbour). mutants.ts applies each edit to a copy.
import type { ColumnProfile } from './column-profile.js';
import type { ColumnLiteral } from './gold-analysis.js';
import { literalNode, numberNeighbours, stringNeighbours } from './literal-neighbours.js';
import type { MutantOptions, MutationOperator } from './mutants.js';
import {
  AGGREGATE_KINDS,
  andOf,
  at,
  bodyOf,
  columnRef,
  conjuncts,
  exprSql,
  isObject,
  type Json,
  type JsonObject,
  kindOf,
  literalOf,
  type PolyglotSdk,
  QUERY_KINDS,
} from './sql-ast.js';

type Path = (string | number)[];
type Clause = 'WHERE' | 'HAVING' | 'ON' | null;

/** One place a gold query can be edited, and the edit. */
export interface Site {
  operator: MutationOperator;
  description: string;
  apply: (root: Json) => void;
}

const FLIP: Record<string, string> = { lt: 'lte', lte: 'lt', gt: 'gte', gte: 'gt' };
const SWAP: Record<string, string> = { sum: 'avg', avg: 'sum', min: 'max', max: 'min' };

/** Collects the mutation sites of one query (call `walk` on its root). */
export class SiteCollector {
  readonly sites: Site[] = [];

  constructor(
    private readonly sdk: PolyglotSdk,
    private readonly options: MutantOptions,
    private readonly attributed: readonly ColumnLiteral[],
  ) {}

  private sql(node: Json | undefined): string {
    return exprSql(this.sdk, node, this.sdk.Dialect.SQLite);
  }

  private add(operator: MutationOperator, description: string, apply: (root: Json) => void) {
    this.sites.push({ operator, description, apply });
  }

  walk(node: Json | undefined, path: Path, clause: Clause, topLevel: boolean): void {
    if (Array.isArray(node)) {
      node.forEach((x, i) => {
        this.walk(x, [...path, i], clause, topLevel);
      });
      return;
    }
    if (!isObject(node)) return;
    const kind = kindOf(node);
    if (kind === 'select') {
      this.select(bodyOf(node)!, [...path, 'select'], topLevel);
      return;
    }
    if (kind !== undefined && QUERY_KINDS.has(kind)) {
      // A set operation's own ORDER BY / LIMIT order the whole result, like a top-level select's.
      for (const k in node[kind] as JsonObject)
        this.walk((node[kind] as JsonObject)[k], [...path, kind, k], null, false);
      return;
    }
    if (kind !== undefined) {
      const body = bodyOf(node);
      if (body !== undefined) {
        if (clause !== null) this.predicateNode(kind, body, [...path, kind], clause);
        if (AGGREGATE_KINDS.has(kind)) this.aggregate(kind, body, [...path, kind]);
        for (const k in body) this.walk(body[k], [...path, kind, k], clause, false);
      }
      return;
    }
    for (const k in node) this.walk(node[k], [...path, k], clause, false);
  }

  private select(body: JsonObject, path: Path, topLevel: boolean): void {
    const where = isObject(body.where_clause) ? body.where_clause.this : undefined;
    const having = isObject(body.having) ? body.having.this : undefined;
    this.conjunctSites(where, path, 'where_clause', 'WHERE', true);
    this.conjunctSites(having, path, 'having', 'HAVING', true);
    const joins = Array.isArray(body.joins) ? body.joins : [];
    joins.forEach((join, j) => {
      if (!isObject(join)) return;
      this.conjunctSites(join.on, [...path, 'joins', j], 'on', 'ON', false);
      this.joinType(join, [...path, 'joins', j]);
    });
    this.distinct(body, path, topLevel);
    this.limits(body, path);
    this.ordering(body, path, topLevel);
    for (const k in body) {
      const clause = k === 'where_clause' ? 'WHERE' : k === 'having' ? 'HAVING' : null;
      if (k === 'joins') {
        joins.forEach((join, j) => {
          if (!isObject(join)) return;
          for (const jk in join)
            this.walk(join[jk], [...path, 'joins', j, jk], jk === 'on' ? 'ON' : null, false);
        });
      } else this.walk(body[k], [...path, k], clause, false);
    }
  }

  /** Drop or negate one conjunct of WHERE, HAVING or ON (never a join's column = column key). */
  private conjunctSites(
    predicate: Json | undefined,
    owner: Path,
    key: string,
    clause: Exclude<Clause, null>,
    droppable: boolean,
  ): void {
    const parts = conjuncts(predicate);
    const read = (root: Json) => {
      const holder = at(root, [...owner, key]) as JsonObject;
      return conjuncts(key === 'on' ? (holder as Json) : holder.this);
    };
    const write = (root: Json, next: Json[]) => {
      const o = at(root, owner) as JsonObject;
      const rebuilt = andOf(next);
      if (key === 'on') o.on = rebuilt ?? null;
      else if (rebuilt === undefined) o[key] = null;
      else (o[key] as JsonObject).this = rebuilt;
    };
    parts.forEach((part, i) => {
      if (clause === 'ON') {
        const eq = bodyOf(part, 'eq');
        if (eq && columnRef(eq.left) && columnRef(eq.right)) return; // a join key
        if (parts.length === 1) return;
      }
      const text = this.sql(part);
      if (droppable || parts.length > 1) {
        this.add('drop-predicate', `drop ${clause} condition ${text}`, (root) => {
          const next = read(root);
          next.splice(i, 1);
          write(root, next);
        });
      }
      this.add(
        'negate-predicate',
        `negate ${clause} condition ${text} -> NOT (${text})`,
        (root) => {
          const next = read(root);
          next[i] = { not: { this: { paren: { this: next[i]! } } } };
          write(root, next);
        },
      );
    });
  }

  private joinType(join: JsonObject, path: Path): void {
    const target = this.sql(join.this);
    if (join.kind === 'Inner') {
      this.add('join-type', `JOIN ${target} -> LEFT JOIN ${target}`, (root) => {
        const j = at(root, path) as JsonObject;
        j.kind = 'Left';
        j.use_inner_keyword = false;
      });
    } else if (join.kind === 'Left') {
      this.add('join-type', `LEFT JOIN ${target} -> JOIN ${target}`, (root) => {
        const j = at(root, path) as JsonObject;
        j.kind = 'Inner';
        j.use_outer_keyword = false;
      });
    }
  }

  private distinct(body: JsonObject, path: Path, topLevel: boolean): void {
    if (body.distinct === true) {
      this.add('drop-distinct', 'SELECT DISTINCT -> SELECT', (root) => {
        (at(root, path) as JsonObject).distinct = false;
      });
      return;
    }
    // Only where duplicates can reach the result: a top-level select without grouping.
    if (!topLevel || isObject(body.group_by) || body.distinct_on) return;
    let aggregated = false;
    const look = (v: Json | undefined): void => {
      const k = kindOf(v);
      if (k !== undefined && (AGGREGATE_KINDS.has(k) || QUERY_KINDS.has(k))) {
        aggregated ||= AGGREGATE_KINDS.has(k);
        return;
      }
      if (Array.isArray(v)) v.forEach(look);
      else if (isObject(v)) for (const key in v) look(v[key]);
    };
    look(body.expressions);
    if (!aggregated) {
      this.add('add-distinct', 'SELECT -> SELECT DISTINCT', (root) => {
        (at(root, path) as JsonObject).distinct = true;
      });
    }
  }

  private limits(body: JsonObject, path: Path): void {
    for (const [key, operator, label] of [
      ['limit', 'limit-off-by-one', 'LIMIT'],
      ['offset', 'offset-off-by-one', 'OFFSET'],
    ] as const) {
      const holder = body[key];
      const lit = isObject(holder) ? literalOf(holder.this) : undefined;
      if (lit?.kind !== 'number' || !/^\d+$/.test(lit.value)) continue;
      const n = Number(lit.value);
      const next = [n + 1, ...(n > (key === 'limit' ? 1 : 0) ? [n - 1] : [])];
      for (const m of next) {
        this.add(operator, `${label} ${n} -> ${label} ${m}`, (root) => {
          ((at(root, path) as JsonObject)[key] as JsonObject).this = literalNode(
            'number',
            String(m),
          );
        });
      }
    }
  }

  /** ORDER BY edits, only where order can change the answer: a LIMIT, or order_matters on top. */
  private ordering(body: JsonObject, path: Path, topLevel: boolean): void {
    const order = isObject(body.order_by) ? body.order_by.expressions : undefined;
    if (!Array.isArray(order) || order.length === 0) return;
    const limited = isObject(body.limit) || isObject(body.offset);
    if (!limited && !(topLevel && this.options.orderMatters)) return;
    const keys = order.map((o) => (isObject(o) ? this.sql(o.this) : '?'));
    this.add('drop-order-by', `drop ORDER BY ${keys.join(', ')}`, (root) => {
      (at(root, path) as JsonObject).order_by = null;
    });
    if (order.length > 1) {
      this.add('drop-order-key', `drop ORDER BY key ${keys.at(-1)}`, (root) => {
        const o = (at(root, path) as JsonObject).order_by as JsonObject;
        (o.expressions as Json[]).pop();
      });
    }
    const first = order[0];
    if (isObject(first)) {
      const desc = first.desc === true;
      this.add(
        'flip-order-direction',
        `ORDER BY ${keys[0]} ${desc ? 'DESC -> ASC' : 'ASC -> DESC'}`,
        (root) => {
          const o = (at(root, path) as JsonObject).order_by as JsonObject;
          const e = (o.expressions as JsonObject[])[0]!;
          e.desc = !desc;
          e.explicit_asc = false;
        },
      );
    }
  }

  private predicateNode(kind: string, body: JsonObject, path: Path, clause: Exclude<Clause, null>) {
    if (FLIP[kind] !== undefined) {
      const before = this.sql({ [kind]: body });
      const after = this.sql({ [FLIP[kind]!]: body });
      this.add('flip-comparison', `${clause} ${before} -> ${after}`, (root) => {
        const parentPath = path.slice(0, -1);
        const holder = at(root, parentPath) as JsonObject;
        holder[FLIP[kind]!] = holder[kind]!;
        delete holder[kind];
      });
    }
    const operands: [string | number, ...(string | number)[]][] = [];
    if (FLIP[kind] !== undefined || ['eq', 'neq', 'like', 'ilike'].includes(kind))
      operands.push(['left'], ['right']);
    if (kind === 'between') operands.push(['low'], ['high']);
    if (kind === 'in' && Array.isArray(body.expressions))
      for (const i of body.expressions.keys()) operands.push(['expressions', i]);
    for (const operand of operands) {
      const node = at(body as Json, operand);
      const lit = literalOf(node);
      if (lit === undefined) continue;
      const other =
        operand[0] === 'left' ? body.right : operand[0] === 'right' ? body.left : body.this;
      const like = kind === 'like' || kind === 'ilike';
      const neighbours =
        lit.kind === 'number'
          ? numberNeighbours(lit.value)
          : stringNeighbours(lit.value, like, this.profileFor(other, lit.value));
      for (const value of neighbours) {
        const quote = (v: string) => (lit.kind === 'string' ? `'${v.replaceAll("'", "''")}'` : v);
        this.add(
          'literal-neighbour',
          `${clause} ${quote(lit.value)} -> ${quote(value)} in ${this.sql({ [kind]: body })}`,
          (root) => {
            const holder = at(root, [...path, ...operand.slice(0, -1)]) as Record<
              string | number,
              Json
            >;
            holder[operand.at(-1)!] = literalNode(lit.kind, value);
          },
        );
      }
    }
  }

  /** The profile of the column a string literal is compared with, through the gold analysis. */
  private profileFor(other: Json | undefined, value: string): ColumnProfile | undefined {
    const ref = columnRef(other);
    if (ref === undefined || this.options.profiles === undefined) return undefined;
    const hit = this.attributed.find(
      (l) => l.value === value && l.column.toLowerCase() === ref.column.toLowerCase(),
    );
    return hit && this.options.profiles.get(`${hit.table}.${hit.column}`);
  }

  private aggregate(kind: string, body: JsonObject, path: Path): void {
    const before = this.sql({ [kind]: body });
    if (SWAP[kind] !== undefined) {
      const to = SWAP[kind]!;
      const after = this.sql({ [to]: { ...body, name: to.toUpperCase() } });
      this.add('swap-aggregate', `${before} -> ${after}`, (root) => {
        const holder = at(root, path.slice(0, -1)) as JsonObject;
        holder[to] = { ...(holder[kind] as JsonObject), name: to.toUpperCase() };
        delete holder[kind];
      });
    }
    if (body.distinct === true) {
      const after = this.sql({ [kind]: { ...body, distinct: false } });
      this.add('drop-distinct', `${before} -> ${after}`, (root) => {
        (at(root, path) as JsonObject).distinct = false;
      });
    } else if (kind === 'count' && body.star !== true && body.this !== null) {
      this.add('count-star', `${before} -> COUNT(*)`, (root) => {
        const b = at(root, path) as JsonObject;
        b.this = null;
        b.star = true;
      });
    }
  }
}
