import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type EvalSuite,
  formatAltSqlProposals,
  formatSuite,
  writeReviewedSuite,
} from '../src/index.js';

const suite: EvalSuite = {
  name: 'mini',
  version: 1,
  cases: [
    {
      id: 'c1',
      question: 'How many?',
      datasource: 'db',
      source: 'hand',
      tags: ['single-table'],
      order_matters: false,
      outcome: { admin: 'allowed' },
      tables: ['t'],
      columns: [],
      sql: 'SELECT COUNT(*) FROM t',
    },
  ],
};
const queue = { suite: 'mini', proposals: [] };

describe('writeReviewedSuite', () => {
  it('writes the suite and its queue with the writers, leaving no temporary file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-reviewed-'));
    await writeReviewedSuite(
      join(dir, 'mini.yaml'),
      suite,
      join(dir, 'mini.proposals.yaml'),
      queue,
    );
    expect(await readFile(join(dir, 'mini.yaml'), 'utf8')).toBe(formatSuite(suite));
    expect(await readFile(join(dir, 'mini.proposals.yaml'), 'utf8')).toBe(
      formatAltSqlProposals(queue),
    );
    expect((await readdir(dir)).sort()).toEqual(['mini.proposals.yaml', 'mini.yaml']);
  });

  it('writes neither when one cannot be written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-reviewed-'));
    await writeFile(join(dir, 'mini.yaml'), 'before\n');
    // The queue's folder is a file: its temporary file cannot be made.
    await writeFile(join(dir, 'blocked'), '');
    const error = await writeReviewedSuite(
      join(dir, 'mini.yaml'),
      suite,
      join(dir, 'blocked', 'mini.proposals.yaml'),
      queue,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await readFile(join(dir, 'mini.yaml'), 'utf8')).toBe('before\n');
    expect((await readdir(dir)).sort()).toEqual(['blocked', 'mini.yaml']);
  });

  it('renames the suite before the queue: a queue that cannot be replaced leaves the suite written, the queue as it was, and no temporary file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-reviewed-'));
    await writeFile(join(dir, 'mini.yaml'), 'before\n');
    // The queue's name is taken by a folder with a file in it: its rename fails, after the suite's.
    await mkdir(join(dir, 'mini.proposals.yaml'));
    await writeFile(join(dir, 'mini.proposals.yaml', 'keep'), 'queue before\n');
    const error = await writeReviewedSuite(
      join(dir, 'mini.yaml'),
      suite,
      join(dir, 'mini.proposals.yaml'),
      queue,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // The state a stop between the renames leaves, which review recognises (settle tests).
    expect(await readFile(join(dir, 'mini.yaml'), 'utf8')).toBe(formatSuite(suite));
    expect(await readFile(join(dir, 'mini.proposals.yaml', 'keep'), 'utf8')).toBe('queue before\n');
    expect((await readdir(dir)).sort()).toEqual(['mini.proposals.yaml', 'mini.yaml']);
  });

  it('writes only the queue when there is no suite to write', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-reviewed-'));
    await mkdir(join(dir, 'q'));
    await writeFile(join(dir, 'mini.yaml'), 'before\n');
    await writeReviewedSuite(join(dir, 'mini.yaml'), undefined, join(dir, 'q', 'm.yaml'), queue);
    expect(await readFile(join(dir, 'mini.yaml'), 'utf8')).toBe('before\n');
    expect(await readdir(join(dir, 'q'))).toEqual(['m.yaml']);
  });
});
