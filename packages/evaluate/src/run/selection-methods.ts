import { plansEngine, type ReferenceSetup } from '@nl2sql/reference-engine';
import type { EvalConfig } from '@nl2sql/runner';
import { usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { listFlag } from './list-flag.js';
import type { RunSetup } from './run-setup.js';

/**
 * Spec 003's two methods, by their `--methods` names: the reference retriever's candidates
 * alone, and the candidates with foreign-key path completion. Each is a config named as
 * 003's table names the method, so the board, the records and the table agree.
 */
export const SELECTION_METHODS = {
  candidates: { name: 'candidates only', pathCompletion: false },
  completion: { name: 'candidates + path completion', pathCompletion: true },
} as const;
export type SelectionMethod = keyof typeof SELECTION_METHODS;

const isMethod = (value: string): value is SelectionMethod =>
  Object.hasOwn(SELECTION_METHODS, value);

/**
 * `--methods candidates,completion`: mode retrieval runs each of spec 003's methods on the
 * same cases, one config each, in the order given, and prints 003's comparison table under
 * the board. Undefined without the flag. A sweep over k is another comparison on one board:
 * the two are refused together (a product of both is not 003's table).
 */
export function selectionMethods(
  options: EvaluateOptions,
  mode: string,
): SelectionMethod[] | undefined {
  if (options.methods === undefined) return undefined;
  const items = listFlag(options.methods);
  const names = Object.keys(SELECTION_METHODS).join(', ');
  if (items === undefined)
    throw usageError(`--methods needs values, like --methods ${names.replace(', ', ',')}`);
  if (mode !== 'retrieval') throw usageError(`--methods compares mode retrieval, not mode ${mode}`);
  if (options.k !== undefined)
    throw usageError('--methods and --k both make one config per value: give one');
  for (const item of items) {
    if (!isMethod(item)) throw usageError(`--methods: ${item} is not a method (${names})`);
  }
  const repeated = items.find((v, i) => items.indexOf(v) !== i);
  if (repeated !== undefined) throw usageError(`--methods lists ${repeated} twice`);
  return items as SelectionMethod[];
}

/**
 * One reference-engine config per method, over the same datasources, policy and k; path
 * completion on or off is the only difference. 003's figures are of one schema: a run whose
 * cases ask several datasources, or one that is not a SQLite file (the gold query runs on a
 * copy holding only the selection), is refused, since it could not print the table.
 */
export async function methodConfigs(
  methods: readonly SelectionMethod[],
  setup: RunSetup,
  reference: ReferenceSetup,
): Promise<EvalConfig[]> {
  const [only, ...others] = setup.caseDatasources;
  const datasource = only === undefined ? undefined : setup.datasources.byId.get(only);
  if (others.length > 0 || datasource === undefined || datasource.file === undefined) {
    throw usageError(
      `--methods scores spec 003's figures on one SQLite datasource; the cases ask ${setup.caseDatasources.join(', ') || 'none'}${datasource && datasource.file === undefined ? ` (${only} is not a SQLite file)` : ''}: choose one with --datasource`,
    );
  }
  const configs: EvalConfig[] = [];
  for (const method of methods) {
    const { name, pathCompletion } = SELECTION_METHODS[method];
    const rig = await plansEngine(setup.suite, {
      ...reference,
      retrieval: { ...reference.retrieval, pathCompletion },
    });
    setup.closers.unshift(() => rig.close());
    configs.push({ name, engine: rig.engine });
  }
  return configs;
}
