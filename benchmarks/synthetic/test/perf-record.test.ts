import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { RecordError, readRecords } from '@nl2sql/records';
import { describe, expect, it } from 'vitest';
import {
  checkoutState,
  machineFacts,
  PERF_RECORD_FORMAT,
  type PerfRecord,
  writePerfRecord,
} from '../src/index.js';

const BENCHMARKS = join(import.meta.dirname, '..', '..');

const record = (at = '2026-11-30T12:00:00.000Z'): PerfRecord => ({
  record: 'perf',
  format: PERF_RECORD_FORMAT,
  bench: 'suite-load',
  recorded_at: at,
  commit: 'abc1234',
  dirty: false,
  machine: machineFacts(),
  results: [{ suite: '10 cases', median_load_ms: 1 }],
});

describe('writePerfRecord', () => {
  it('names the file by day, commit and bench, and never writes over one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-'));
    const first = writePerfRecord(dir, record());
    const second = writePerfRecord(dir, record());
    expect(relative(dir, first)).toBe('2026-11-30_abc1234_suite-load.json');
    expect(relative(dir, second)).toBe('2026-11-30_abc1234_suite-load-2.json');
    expect(JSON.parse(readFileSync(first, 'utf8'))).toEqual(record());
  });

  it('refuses a bench name that is not a plain file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-'));
    expect(() => writePerfRecord(dir, { ...record(), bench: '../plans/x' })).toThrow(
      /not a file name/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('records the machine: node, cpus, memory and load average', () => {
    const facts = machineFacts();
    expect(facts.node).toBe(process.version);
    expect(facts.cpus).toBeGreaterThan(0);
    expect(facts.load_average).toHaveLength(3);
  });
});

describe('checkoutState', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd });

  it('names the commit, and says whether tracked files changed since (untracked ones do not count)', () => {
    const repo = mkdtempSync(join(tmpdir(), 'perf-git-'));
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'one\n');
    git(repo, 'add', 'a.txt');
    git(repo, 'commit', '-qm', 'one');
    const commit = git(repo, 'rev-parse', '--short=7', 'HEAD').toString().trim();
    expect(checkoutState(repo)).toEqual({ commit, dirty: false });
    writeFileSync(join(repo, 'scratch.txt'), 'not tracked\n');
    expect(checkoutState(repo)).toEqual({ commit, dirty: false });
    writeFileSync(join(repo, 'a.txt'), 'two\n');
    expect(checkoutState(repo)).toEqual({ commit, dirty: true });
  });

  it('is unknown outside a checkout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-nogit-'));
    expect(checkoutState(dir)).toEqual({ commit: 'unknown', dirty: 'unknown' });
  });
});

describe('perf records beside run records', () => {
  it('are never read as run records', () => {
    const root = mkdtempSync(join(tmpdir(), 'benchmarks-'));
    cpSync(join(BENCHMARKS, 'plans'), join(root, 'plans'), { recursive: true });
    const before = readRecords(root).map((s) => relative(root, s.path));
    expect(before.length).toBeGreaterThan(0);
    writePerfRecord(join(root, 'perf'), record());
    expect(readRecords(root).map((s) => relative(root, s.path))).toEqual(before);
  });

  it('would be refused, not misread, if filed under a mode folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'benchmarks-'));
    mkdirSync(join(root, 'plans', 'chinook'), { recursive: true });
    writeFileSync(join(root, 'plans', 'chinook', 'misfiled.json'), JSON.stringify(record()));
    expect(() => readRecords(root)).toThrow(RecordError);
  });

  it('leave the repository’s run records as they are', () => {
    const stored = readRecords(BENCHMARKS).map((s) => relative(BENCHMARKS, s.path));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((p) => p.startsWith('perf') || p.startsWith('synthetic'))).toBe(false);
  });
});
