// Path completion: join the selected tables over the shortest approved paths the role may
// read, adding the bridge tables and key columns those joins need. It never guesses: when two
// equally short paths would join a table with different meanings it reports `ambiguous_path`,
// and when no approved, readable path exists it reports `no_authorized_path`.
//
// The selected tables are joined one at a time, nearest first (the greedy Steiner-tree
// heuristic): start from the first table of the largest joinable group, then take the selected
// table (or group of tables a candidate relationship already joins) fewest joins away from
// everything joined so far, and add one shortest path to it. Every added path is therefore a
// shortest approved path between its two ends. A table whose shortest paths differ in
// meaning is put aside and retried as the joined part grows; whatever is left at the end is
// reported, and the joins that were unambiguous are kept.

import type { JoinGraph, JoinStep, PathSearch } from './join-graph.js';
import { ColumnEqualities, pathMeaning } from './join-meaning.js';
import { keyColumns } from './relationship.js';
import {
  type CandidateSelection,
  type JoinPath,
  type PathProblem,
  pathLabels,
  type SchemaSelection,
  selectCandidates,
  sortedUnique,
} from './selection.js';
import type { SelectionContext } from './selection-context.js';

export interface CompletionOptions {
  /**
   * Most shortest paths examined per join (default 32). When more exist, the join counts as
   * ambiguous: completion cannot vouch that they all mean the same.
   */
  readonly maxPaths?: number;
}

export const DEFAULT_MAX_PATHS = 32;

/** Tables grouped by the candidate relationships that already join them. */
function groupsOf(tables: readonly string[], joins: ReadonlyArray<[string, string]>): string[][] {
  const parent = new Map(tables.map((t) => [t, t]));
  const root = (t: string): string => {
    let r = t;
    while (parent.get(r) !== r) r = parent.get(r) ?? r;
    return r;
  };
  for (const [a, b] of joins) {
    const ra = root(a);
    const rb = root(b);
    const [low, high] = ra < rb ? [ra, rb] : [rb, ra];
    if (low !== high) parent.set(high, low);
  }
  const groups = new Map<string, string[]>();
  for (const t of tables) groups.set(root(t), [...(groups.get(root(t)) ?? []), t]);
  return [...groups.values()].map((g) => g.sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/**
 * Where completion starts: the first table (by name) of the largest set of selected tables
 * the usable graph connects at all (ties: the set whose first table comes first). Starting
 * there, the tables reported unjoinable are the odd ones out, not the majority.
 */
function startTable(tables: readonly string[], graph: JoinGraph): string {
  let best: string[] = [];
  const placed = new Set<string>();
  for (const table of tables) {
    if (placed.has(table)) continue;
    const search = graph.search([table]);
    const component = tables.filter((t) => search.distance([t]) !== undefined);
    for (const t of component) placed.add(t);
    if (component.length > best.length) best = component;
  }
  return best[0]!;
}

interface Choice {
  readonly steps: JoinStep[] | undefined;
  readonly alternatives: string[][];
  readonly more: number;
}

/** The one meaning of the shortest paths to `targets`, or the differing alternatives. */
function choose(
  search: PathSearch,
  targets: readonly string[],
  equalities: ColumnEqualities,
  maxPaths: number,
): Choice {
  const paths = search.paths(targets, maxPaths);
  const total = search.count(targets);
  const byMeaning = new Map<string, JoinStep[][]>();
  for (const steps of paths) {
    const meaning = pathMeaning(
      equalities,
      steps.map((s) => s.relationship),
    );
    byMeaning.set(meaning, [...(byMeaning.get(meaning) ?? []), steps]);
  }
  // Within one meaning, the path whose sorted labels come first (a fixed, arbitrary pick).
  const firstOf = (group: JoinStep[][]) =>
    [...group].sort((a, b) => {
      const ka = sortedUnique(pathLabels(a)).join('\n');
      const kb = sortedUnique(pathLabels(b)).join('\n');
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    })[0]!;
  const groups = [...byMeaning.values()];
  if (groups.length === 1 && total <= maxPaths) {
    return { steps: firstOf(groups[0]!), alternatives: [], more: 0 };
  }
  const alternatives = groups
    .map((g) => pathLabels(firstOf(g)))
    .sort((a, b) => {
      const ka = a.join('\n');
      const kb = b.join('\n');
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  return { steps: undefined, alternatives, more: Math.max(0, total - paths.length) };
}

/**
 * The candidates, scoped (as `selectCandidates`), with the joins between their tables
 * completed. Completing a completed selection selects nothing new and ends in the same state.
 */
export function completeSelection(
  candidates: CandidateSelection,
  context: SelectionContext,
  options: CompletionOptions = {},
): SchemaSelection {
  const maxPaths = options.maxPaths ?? DEFAULT_MAX_PATHS;
  if (!Number.isInteger(maxPaths) || maxPaths < 1) {
    throw new RangeError(`completeSelection: maxPaths must be a positive integer, got ${maxPaths}`);
  }
  const base = selectCandidates(candidates, context);
  if (base.status === 'no_candidates') return base;
  const { registry, graph } = context;
  const given = base.relationships.map((id) => registry.get(id));
  const groups = groupsOf(
    base.tables,
    given.map((r) => [r.from.table, r.to.table]),
  );
  const root = startTable(base.tables, graph);
  const joined = new Set(groups.find((g) => g.includes(root))!);
  let pending = groups.filter((g) => !g.includes(root));
  const equalities = new ColumnEqualities();
  for (const r of given) equalities.join(r);
  const tables = new Set(base.tables);
  const columns = new Set(base.columns);
  const relationships = new Set(base.relationships);
  const paths: JoinPath[] = [];

  for (;;) {
    if (pending.length === 0) break;
    const search = graph.search(joined);
    const reachable = pending
      .map((group) => ({ group, distance: search.distance(group) }))
      .filter((g): g is { group: string[]; distance: number } => g.distance !== undefined)
      .sort((a, b) => a.distance - b.distance || (a.group[0]! < b.group[0]! ? -1 : 1));
    let connected = false;
    for (const { group } of reachable) {
      const choice = choose(search, group, equalities, maxPaths);
      if (!choice.steps) continue;
      const bridges: string[] = [];
      for (const step of choice.steps) {
        for (const table of [step.from, step.to]) {
          if (!tables.has(table)) bridges.push(table);
          tables.add(table);
          joined.add(table);
        }
        relationships.add(step.relationship.id);
        for (const key of keyColumns(step.relationship)) columns.add(key);
        equalities.join(step.relationship);
      }
      for (const table of group) joined.add(table);
      // A path may run through a table of another pending group: that whole group is joined.
      for (const other of pending) {
        if (other.some((t) => joined.has(t))) for (const t of other) joined.add(t);
      }
      pending = pending.filter((g) => !g.some((t) => joined.has(t)));
      paths.push({
        from: choice.steps[0]!.from,
        to: choice.steps.at(-1)!.to,
        relationships: pathLabels(choice.steps),
        bridges: sortedUnique(bridges),
      });
      connected = true;
      break;
    }
    if (!connected) break;
  }

  const problems: PathProblem[] = [];
  const notes = [...base.notes];
  const final = graph.search(joined);
  for (const group of pending) {
    const to = group[0]!;
    if (final.distance(group) !== undefined) {
      const choice = choose(final, group, equalities, maxPaths);
      problems.push({
        kind: 'ambiguous_path',
        from: root,
        to,
        alternatives: choice.alternatives,
        ...(choice.more > 0 ? { more: choice.more } : {}),
      });
      for (const alternative of choice.alternatives) notes.push(alternative.join(' + '));
      if (choice.more > 0) notes.push(`${root} → ${to}: ${choice.more} more equally short paths`);
    } else {
      const reason =
        context.approvedGraph.search(joined).distance(group) !== undefined
          ? 'denied'
          : context.anyGraph.search(joined).distance(group) !== undefined
            ? 'unapproved'
            : 'none';
      problems.push({ kind: 'no_authorized_path', from: root, to, reason });
      notes.push(`${root} → ${to}: no approved, authorized path`);
    }
  }
  const bridges = sortedUnique(paths.flatMap((p) => p.bridges));
  const addedColumns = sortedUnique([...columns].filter((c) => !base.columns.includes(c)));
  const added: string[] = [];
  if (bridges.length > 0) added.push(`Added bridge tables: ${bridges.join(', ')}`);
  if (addedColumns.length > 0) added.push(`Added key columns: ${addedColumns.join(', ')}`);
  notes.splice(base.notes.length, 0, ...added);
  return {
    status: problems.some((p) => p.kind === 'no_authorized_path')
      ? 'no_authorized_path'
      : problems.length > 0
        ? 'ambiguous_path'
        : 'ready',
    tables: sortedUnique(tables),
    columns: sortedUnique(columns),
    relationships: sortedUnique(relationships),
    notes,
    paths,
    problems,
  };
}
