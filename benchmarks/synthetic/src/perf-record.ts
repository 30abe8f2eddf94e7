// Performance records: one JSON file per bench run under `benchmarks/perf/`, named like the
// run records (`<YYYY-MM-DD>_<shortsha>_<bench>.json`, `-2` ... when taken) so the history
// of a figure reads in order. They are not run records: `perf` is not a mode folder, so
// @nl2sql/records' readRecords never opens them, and their shape (`record: "perf"`, no
// `kind`) would fail its validation if one were ever filed under a mode.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

export const PERF_RECORD_FORMAT = 1;

/** What the figures were measured on; the load average says how busy the machine was. */
export interface MachineFacts {
  node: string;
  platform: string;
  cpus: number;
  cpu_model: string;
  memory_mb: number;
  load_average: [number, number, number];
}

export interface PerfRecord {
  record: 'perf';
  format: typeof PERF_RECORD_FORMAT;
  bench: string;
  /** ISO 8601, UTC. */
  recorded_at: string;
  /** Short commit the code was at, or `unknown` outside a checkout. */
  commit: string;
  /** Tracked files had changes: the figures are of uncommitted code. */
  dirty: boolean | 'unknown';
  /** The machine, and its load average when the bench ended (it moves during a long one). */
  machine: MachineFacts & { load_average_after?: [number, number, number] };
  [figures: string]: unknown;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function machineFacts(): MachineFacts {
  const [one, five, fifteen] = loadavg();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model.trim() ?? 'unknown',
    memory_mb: Math.round(totalmem() / 1024 / 1024),
    load_average: [round2(one ?? 0), round2(five ?? 0), round2(fifteen ?? 0)],
  };
}

/** The short commit of the checkout `cwd` is in and whether tracked files changed since. */
export function checkoutState(cwd: string): { commit: string; dirty: boolean | 'unknown' } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  try {
    return {
      commit: git('rev-parse', '--short=7', 'HEAD'),
      dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    };
  } catch {
    return { commit: 'unknown', dirty: 'unknown' };
  }
}

/**
 * Writes `record` to `<perfDir>/<YYYY-MM-DD>_<commit>_<bench>.json` (the date of
 * `recorded_at`), never over an existing file. Returns the path written.
 */
export function writePerfRecord(perfDir: string, record: PerfRecord): string {
  if (!/^[a-z0-9-]+$/.test(record.bench))
    throw new Error(`bench name ${record.bench} is not a file name`);
  mkdirSync(perfDir, { recursive: true });
  const stem = `${record.recorded_at.slice(0, 10)}_${record.commit}_${record.bench}`;
  let path = join(perfDir, `${stem}.json`);
  for (let n = 2; existsSync(path); n++) path = join(perfDir, `${stem}-${n}.json`);
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx' });
  return path;
}
