import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AltSqlProposal,
  mergeAltSqlProposals,
  proposalsPath,
  readAltSqlProposals,
  readLocatedAltSqlProposals,
  SuiteFormatError,
  writeAltSqlProposals,
} from '../src/index.js';

const proposal = (caseId: string, sql: string, roles: string[]): AltSqlProposal => ({
  case_id: caseId,
  alt_sql: sql,
  reason: 'The judge found them equivalent.',
  judge: 'openai:gpt-5.4 (temperature 0, prompt sql-equivalence/1)',
  proposed_at: '2026-11-30',
  roles,
});

describe('alt_sql proposals (the review queue)', () => {
  it('lives beside the suite', () => {
    expect(proposalsPath('/x/suites/chinook.yaml')).toBe('/x/suites/chinook.proposals.yaml');
  });

  it('adds each case and SQL once, joins the roles that proposed it, and drops SQL already a gold', () => {
    const empty = { suite: 'chinook', proposals: [] };
    const merged = mergeAltSqlProposals(
      empty,
      [
        proposal('c1', 'SELECT 1', ['sales']),
        proposal('c1', 'SELECT 1', ['admin']),
        proposal('c2', 'SELECT 2', ['admin']),
        proposal('c3', 'SELECT gold', ['admin']),
        // The same SQL laid out otherwise: one entry, and still a gold.
        proposal('c1', '  SELECT\n  1;', ['catalog']),
        proposal('c3', 'SELECT\tgold ;', ['admin']),
      ],
      (id) => (id === 'c3' ? ['SELECT gold'] : []),
    );
    expect(merged.proposals.map((p) => [p.case_id, p.alt_sql, p.roles])).toEqual([
      ['c1', 'SELECT 1', ['admin', 'catalog', 'sales']],
      ['c2', 'SELECT 2', ['admin']],
    ]);
    // A later run keeps what was there, in its order.
    const again = mergeAltSqlProposals(merged, [proposal('c0', 'SELECT 0', ['admin'])]);
    expect(again.proposals.map((p) => p.case_id)).toEqual(['c1', 'c2', 'c0']);
    expect(merged.proposals).toHaveLength(2);
  });

  it('reads back what it writes, and an empty queue when there is no file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-proposals-'));
    const file = join(dir, 'mini.proposals.yaml');
    expect(await readAltSqlProposals(file, 'mini')).toEqual({ suite: 'mini', proposals: [] });
    const queue = { suite: 'mini', proposals: [proposal('c1', "SELECT 'a:b'\nFROM t", ['x'])] };
    await writeAltSqlProposals(file, queue);
    expect(await readAltSqlProposals(file, 'mini')).toEqual(queue);
  });

  it('refuses a malformed queue with the file, line and field', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-proposals-'));
    const file = join(dir, 'bad.proposals.yaml');
    await writeFile(
      file,
      [
        'suite: mini',
        'proposals:',
        '  - case_id: c1',
        '    alt_sql: 7',
        '    reason: r',
        '    judge: j',
        "    proposed_at: '2026-11-30'",
        '    roles: [admin]',
        '',
      ].join('\n'),
    );
    const read = readAltSqlProposals(file, 'mini');
    await expect(read).rejects.toBeInstanceOf(SuiteFormatError);
    await expect(read).rejects.toMatchObject({
      file,
      line: 4,
      field: expect.stringContaining('alt_sql'),
    });
  });

  it('reads back the rejected list, and gives each proposal its line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-proposals-'));
    const file = join(dir, 'mini.proposals.yaml');
    const queue = {
      suite: 'mini',
      proposals: [proposal('c1', 'SELECT 1', ['x']), proposal('c2', 'SELECT 2', ['x'])],
      rejected: [{ ...proposal('c1', 'SELECT 0', ['x']), rejected_at: '2026-12-01' }],
    };
    await writeAltSqlProposals(file, queue);
    const located = await readLocatedAltSqlProposals(file, 'mini');
    expect(located.queue).toEqual(queue);
    expect([located.lineOf(0), located.lineOf(1)]).toEqual([3, 10]);
  });

  it('refuses a queue that is not YAML with its line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-proposals-'));
    const file = join(dir, 'bad.proposals.yaml');
    await writeFile(file, 'suite: mini\nproposals:\n  - case_id: [c1\n');
    await expect(readAltSqlProposals(file, 'mini')).rejects.toMatchObject({
      code: 'SUITE_YAML',
      file,
      line: expect.any(Number),
    });
  });

  it('writes proposals that share one roles array out in full, and reads them back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-proposals-'));
    const file = join(dir, 'shared.proposals.yaml');
    const roles = ['admin', 'catalog'];
    const queue = {
      suite: 'mini',
      proposals: [proposal('c1', 'SELECT 1', roles), proposal('c2', 'SELECT 2', roles)],
    };
    await writeAltSqlProposals(file, queue);
    expect(await readFile(file, 'utf8')).not.toMatch(/[&*]a\d/);
    expect(await readAltSqlProposals(file, 'mini')).toEqual(queue);
  });

  it('refuses a queue with a YAML alias with its line, not a bare error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-proposals-'));
    const file = join(dir, 'alias.proposals.yaml');
    const entry = (id: string, roles: string) =>
      `  - case_id: ${id}\n    alt_sql: SELECT 1\n    reason: r\n    judge: j\n    proposed_at: 2026-11-30\n    roles: ${roles}\n`;
    await writeFile(
      file,
      `suite: mini\nproposals:\n${entry('c1', '&r [admin]')}${entry('c2', '*r')}`,
    );
    await expect(readAltSqlProposals(file, 'mini')).rejects.toMatchObject({
      code: 'SUITE_YAML',
      file,
      line: 14,
      message: expect.stringContaining('alias *r is not allowed'),
    });
  });
});
