import { usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import { parseNumber } from '../number-value.js';
import { listFlag } from './list-flag.js';

/**
 * `--k 4,8,12`: mode retrieval's sweep over the reference engine's k (its `--top-k`), one
 * config per value on one board, so recall is read with the amount sent (001 §8). Distinct
 * whole numbers of at least 1, in the order given; undefined without the flag.
 */
export function kSweep(options: EvaluateOptions, mode: string): number[] | undefined {
  const items = listFlag(options.k);
  if (options.k === undefined) return undefined;
  if (items === undefined) throw usageError('--k needs values, like --k 4,8,12');
  if (mode !== 'retrieval') throw usageError(`--k sweeps mode retrieval, not mode ${mode}`);
  if (options.topK !== undefined)
    throw usageError('--k and --top-k both set the retriever: give one (--k for a sweep)');
  const values = items.map((item) =>
    parseNumber(item, { kind: 'integer', expects: 'whole numbers, at least 1', min: 1 }, '--k'),
  );
  const repeated = values.find((v, i) => values.indexOf(v) !== i);
  if (repeated !== undefined) throw usageError(`--k lists ${repeated} twice`);
  return values;
}

/** The config of one k of a sweep, named so the board's columns say which k they are. */
export const sweepConfigName = (k: number): string => `retrieval k=${k}`;
