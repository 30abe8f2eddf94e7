import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { RunReport } from '@nl2sql/runner';
import {
  type AltSqlProposal,
  formatAltSqlProposals,
  loadSuite,
  readAltSqlProposals,
  toCell,
} from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { writeReviewProposals } from '../src/eval/review-proposals.js';
import { EXIT } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

async function shopWithDrafts(): Promise<string> {
  const dir = await initialisedShop();
  await writeFile(
    join(dir, 'pairs.yaml'),
    [
      '- id: orders',
      '  question: How many orders are there?',
      '  sql: SELECT COUNT(*) FROM orders',
      '- id: names',
      '  question: Customer names?',
      '  sql: |',
      '    SELECT name',
      '    FROM customers ORDER BY id',
      '  order_matters: true',
      '- id: totals',
      '  question: Order totals?',
      '  sql: SELECT total FROM orders ORDER BY id',
    ].join('\n'),
  );
  const r = await cli(dir, 'suite', 'import', 'pairs.yaml');
  if (r.code !== 0) throw new Error(r.err);
  return dir;
}

const COUNT_ID = 'SELECT COUNT(id) FROM orders';
const BROKEN = 'SELECT nope_column FROM orders';
const TOTALS_SUM = 'SELECT total FROM orders ORDER BY id ASC';

/** The shop project with three proposals queued: one that runs, one that fails, another case's. */
async function shopWithQueue(): Promise<string> {
  const dir = await shopWithDrafts();
  const queued = (caseId: string, sql: string): AltSqlProposal => ({
    case_id: caseId,
    alt_sql: sql,
    reason: 'the same rows.',
    judge: 'fake:judge',
    proposed_at: '2026-11-30',
    roles: ['analyst'],
  });
  await writeFile(
    join(dir, 'suites', 'shop.proposals.yaml'),
    formatAltSqlProposals({
      suite: 'shop',
      proposals: [
        queued('orders', COUNT_ID),
        queued('orders', BROKEN),
        queued('totals', TOTALS_SUM),
      ],
    }),
  );
  return dir;
}

describe('nl2sql suite review', () => {
  it("approves a proposal with its rows read from the project's datasource (evals.yaml)", async () => {
    const dir = await shopWithDrafts();
    await writeFile(
      join(dir, 'suites', 'shop.proposals.yaml'),
      formatAltSqlProposals({
        suite: 'shop',
        proposals: [
          {
            case_id: 'orders',
            alt_sql: 'SELECT COUNT(id) FROM orders',
            reason: 'id is the key, never NULL.',
            judge: 'fake:judge',
            proposed_at: '2026-11-30',
            roles: ['analyst'],
          },
        ],
      }),
    );
    const r = await cli(dir, 'suite', 'review', '--approve-proposal', 'orders');
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain('suites/shop.yaml: approved 1 proposal(s) into alt_sql (orders#1)');
    const c = (await loadSuite(join(dir, 'suites', 'shop.yaml'))).cases.find(
      (x) => x.id === 'orders',
    );
    expect(c?.alt_sql).toEqual(['SELECT COUNT(id) FROM orders']);
    expect(c?.alt_rows).toEqual([[[3]]]);
    expect(
      (await readAltSqlProposals(join(dir, 'suites', 'shop.proposals.yaml'), 'shop')).proposals,
    ).toEqual([]);
  });

  it('approves a proposal that reads another table, recording what it reads (alt_reads)', async () => {
    const dir = await shopWithDrafts();
    const other =
      'SELECT COUNT(DISTINCT o.id) FROM orders o JOIN customers c ON c.id = o.customer_id';
    await writeFile(
      join(dir, 'suites', 'shop.proposals.yaml'),
      formatAltSqlProposals({
        suite: 'shop',
        proposals: [
          {
            case_id: 'orders',
            alt_sql: other,
            reason: 'every order has its customer.',
            judge: 'fake:judge',
            proposed_at: '2026-11-30',
            roles: ['analyst'],
          },
        ],
      }),
    );
    const r = await cli(dir, 'suite', 'review', '--approve-proposal', 'orders', '--json');
    expect(r.code).toBe(EXIT.ok);
    const reads = {
      tables: ['customers', 'orders'],
      columns: ['customers.id', 'orders.customer_id', 'orders.id'],
    };
    expect(JSON.parse(r.out).approved[0]).toMatchObject({ id: 'orders#1', reads });
    const c = (await loadSuite(join(dir, 'suites', 'shop.yaml'))).cases.find(
      (x) => x.id === 'orders',
    );
    expect(c?.alt_sql).toEqual([other]);
    expect(c?.alt_reads).toEqual([reads]);
    expect(c?.tables).toEqual(['orders']);
  });

  it('says when it re-lays out a hand-formatted suite (same data)', async () => {
    const dir = await shopWithDrafts();
    const path = join(dir, 'suites', 'shop.yaml');
    await writeFile(path, `# our suite\n${await readFile(path, 'utf8')}`);
    const r = await cli(dir, 'suite', 'review', '--approve', 'names');
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toContain("was not in the suite writer's layout; it was rewritten in it");
  });

  it('lists each draft with its question, source, outcome, SQL and first rows', async () => {
    const dir = await shopWithDrafts();
    const r = await cli(dir, 'suite', 'review', '--rows', '2');
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain(
      [
        'names  (imported from ../pairs.yaml:4, datasource shop)',
        '  question: Customer names?',
        '  outcome:  analyst allowed',
        '  sql:',
        '    SELECT name',
        '    FROM customers ORDER BY id',
        '    ',
        '  rows (2 of 3):',
        '    "Ada"',
        '    "Brian"',
      ].join('\n'),
    );
    expect(r.out).toContain('suites/shop.yaml: 3 draft case(s)');
  });

  it('approves the ids given and only those; an unknown id writes nothing (exit 2)', async () => {
    const dir = await shopWithDrafts();
    const path = join(dir, 'suites', 'shop.yaml');
    const before = await readFile(path, 'utf8');
    const unknown = await cli(dir, 'suite', 'review', '--approve', 'orders,nope');
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain('suite shop has no case nope; nothing was approved');
    expect(await readFile(path, 'utf8')).toBe(before);

    const r = await cli(dir, 'suite', 'review', '--approve', 'orders', '--approve', 'totals');
    expect(r.code).toBe(EXIT.ok);
    // The suite was in the writer's layout (import wrote it): no note, only the case changed.
    expect(r.err).toBe('');
    const after = await readFile(path, 'utf8');
    expect(after.replace(/approved: true/g, 'approved: false')).toBe(before);
    expect(r.out).toContain('approved 2 case(s) (orders, totals)');
    expect(r.out).toContain('1 draft case(s) left');
    const suite = await loadSuite(path);
    expect(suite.cases.map((c) => [c.id, c.approved])).toEqual([
      ['orders', true],
      ['names', false],
      ['totals', true],
    ]);
    const listed = await cli(dir, 'suite', 'review');
    expect(listed.out).toContain('names  (imported');
    expect(listed.out).not.toContain('orders  (imported');
  });

  it('--json reports an approval (SQL, alt_sql place, rows regenerated, files written) and a rejection (the queue only)', async () => {
    const dir = await shopWithQueue();
    const approved = await cli(dir, 'suite', 'review', '--approve-proposal', 'orders#1', '--json');
    expect(approved.code).toBe(EXIT.ok);
    expect(approved.err).toBe('');
    expect(JSON.parse(approved.out)).toEqual({
      suite: 'suites/shop.yaml',
      queue: 'suites/shop.proposals.yaml',
      approved: [
        // reads: null, the alternative reads only the case's tables (issue 24 adds the field).
        {
          id: 'orders#1',
          case_id: 'orders',
          sql: COUNT_ID,
          alt_sql_index: 0,
          row_count: 1,
          reads: null,
        },
      ],
      rejected: [],
      already_gold: [],
      files_written: ['suites/shop.yaml', 'suites/shop.proposals.yaml'],
      statements: 2,
      proposals_left: 2,
      stale_test_suite: null,
    });
    const suiteAfter = await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8');
    const rejected = await cli(dir, 'suite', 'review', '--reject-proposal', 'totals', '--json');
    expect(rejected.code).toBe(EXIT.ok);
    expect(JSON.parse(rejected.out)).toMatchObject({
      approved: [],
      rejected: [{ id: 'totals#1', case_id: 'totals', sql: TOTALS_SUM }],
      files_written: ['suites/shop.proposals.yaml'],
      statements: 0,
      proposals_left: 1,
    });
    expect(await readFile(join(dir, 'suites', 'shop.yaml'), 'utf8')).toBe(suiteAfter);
  });

  it('--json reports a refusal as the located error on stdout, with the exit code of the text form, writing nothing', async () => {
    const dir = await shopWithQueue();
    const queueFile = join(dir, 'suites', 'shop.proposals.yaml');
    const before = await readFile(queueFile, 'utf8');
    const unknown = await cli(dir, 'suite', 'review', '--approve-proposal', 'nope', '--json');
    expect(unknown.code).toBe(EXIT.usage);
    expect(JSON.parse(unknown.out)).toEqual({
      error: {
        code: 'UNKNOWN_PROPOSAL',
        exit_code: EXIT.usage,
        message: expect.stringMatching(
          /^suites\/shop\.proposals\.yaml: proposal nope: no such proposal .*nothing was written$/,
        ),
        file: 'suites/shop.proposals.yaml',
        line: null,
        proposal: 'nope',
        case_id: null,
      },
    });
    expect(unknown.err).toContain('nl2sql: suites/shop.proposals.yaml: proposal nope');
    const broken = await cli(dir, 'suite', 'review', '--approve-proposal', 'orders#2', '--json');
    expect(broken.code).toBe(EXIT.failed);
    // The second proposal of case orders starts on this line of the queue.
    const line = before
      .split('\n')
      .flatMap((text, i) => (text === '  - case_id: orders' ? [i + 1] : []))[1];
    expect(JSON.parse(broken.out).error).toMatchObject({
      code: 'QUERY_FAILED',
      exit_code: EXIT.failed,
      file: 'suites/shop.proposals.yaml',
      line,
      proposal: 'orders#2',
      case_id: 'orders',
    });
    expect(await readFile(queueFile, 'utf8')).toBe(before);
    // A queue that is not the format: its own code and place, exit 3.
    await writeFile(queueFile, `${before}  - [ unclosed\n`);
    const unreadable = await cli(dir, 'suite', 'review', '--reject-proposal', 'totals', '--json');
    expect(unreadable.code).toBe(EXIT.config);
    const error = JSON.parse(unreadable.out).error;
    expect(error.code).toMatch(/^SUITE_/);
    expect(error.file).toBe(queueFile);
    expect(error.line).toBeGreaterThan(1);
    // --json with --approve (draft cases) is still a usage error, in text.
    const drafts = await cli(dir, 'suite', 'review', '--approve', 'orders', '--json');
    expect(drafts.code).toBe(EXIT.usage);
    expect(drafts.out).toBe('');
  });

  it("with the project's database missing, unknown proposal ids are still exit 2 and a rejection needs no database", async () => {
    const dir = await shopWithQueue();
    await rm(join(dir, 'shop.sqlite'));
    const queueFile = join(dir, 'suites', 'shop.proposals.yaml');
    const before = await readFile(queueFile, 'utf8');
    for (const id of ['nope', 'orders', 'orders#9', 'totals#2']) {
      const r = await cli(dir, 'suite', 'review', '--approve-proposal', id);
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toContain(`nl2sql: suites/shop.proposals.yaml: proposal ${id}: `);
      expect(r.err).not.toContain('shop.sqlite');
    }
    const both = await cli(
      dir,
      'suite',
      'review',
      '--approve-proposal',
      'totals',
      '--reject-proposal',
      'totals#1',
    );
    expect(both.code).toBe(EXIT.usage);
    expect(both.err).toContain('asked to approve and to reject it at once');
    expect(await readFile(queueFile, 'utf8')).toBe(before);
    // Approving reads rows: the missing database is reported, located in evals.yaml.
    const approve = await cli(dir, 'suite', 'review', '--approve-proposal', 'totals');
    expect(approve.code).toBe(EXIT.config);
    expect(approve.err).toMatch(/evals\.yaml:\d+: datasources\.shop\.path: .*: no such file$/);
    expect(await readFile(queueFile, 'utf8')).toBe(before);
    // Rejecting only writes the queue.
    const reject = await cli(dir, 'suite', 'review', '--reject-proposal', 'totals');
    expect(reject.code).toBe(EXIT.ok);
  });

  it('a review that cannot write its files is exit 3, one line saying nothing was written', async () => {
    const dir = await shopWithQueue();
    const suiteFile = join(dir, 'suites', 'shop.yaml');
    const before = [
      await readFile(suiteFile, 'utf8'),
      await readFile(join(dir, 'suites', 'shop.proposals.yaml'), 'utf8'),
    ];
    // The suite's temporary file cannot be made: its name is taken by a folder.
    await mkdir(`${suiteFile}.${process.pid}.tmp`);
    for (const json of [[], ['--json']]) {
      const r = await cli(dir, 'suite', 'review', '--approve-proposal', 'orders#1', ...json);
      expect(r.code).toBe(EXIT.config);
      expect(r.err.split('\n')).toHaveLength(1);
      expect(r.err).toMatch(
        /^nl2sql: suites\/shop\.proposals\.yaml: cannot write the review: .*; nothing was written$/,
      );
      if (json.length > 0) expect(JSON.parse(r.out).error.code).toBe('CONFIG');
    }
    expect([
      await readFile(suiteFile, 'utf8'),
      await readFile(join(dir, 'suites', 'shop.proposals.yaml'), 'utf8'),
    ]).toEqual(before);
  });

  it('a review stopped after the suite was written and before the queue was: the next review lists the proposal as held and drops it, approving nothing twice', async () => {
    const dir = await shopWithQueue();
    const suiteFile = join(dir, 'suites', 'shop.yaml');
    const queueFile = join(dir, 'suites', 'shop.proposals.yaml');
    const queueBefore = await readFile(queueFile, 'utf8');
    expect((await cli(dir, 'suite', 'review', '--approve-proposal', 'orders#1')).code).toBe(
      EXIT.ok,
    );
    const approvedSuite = await readFile(suiteFile, 'utf8');
    // The stop: the suite renamed into place, the queue not (it is the one read before).
    await writeFile(queueFile, queueBefore);

    const listed = await cli(dir, 'suite', 'review');
    expect(listed.out).toContain(
      '  the case already holds this SQL as its alt_sql[0] (approved before the queue was written, or added by hand): the next --approve-proposal or --reject-proposal drops it',
    );
    const json = JSON.parse((await cli(dir, 'suite', 'review', '--json')).out);
    expect(
      json.proposals.map((p: { id: string; already_gold: string | null }) => [
        p.id,
        p.already_gold,
      ]),
    ).toEqual([
      ['orders#1', 'alt_sql[0]'],
      ['orders#2', null],
      ['totals#1', null],
    ]);
    // Rejecting what the suite holds would contradict it: refused, nothing written.
    const reject = await cli(dir, 'suite', 'review', '--reject-proposal', 'orders#1');
    expect(reject.code).toBe(EXIT.failed);
    expect(reject.err).toContain("the SQL is already the case's alt_sql[0]");
    expect(await readFile(queueFile, 'utf8')).toBe(queueBefore);

    // The same command again: nothing approved twice, the proposal dropped, the suite as is.
    const again = await cli(dir, 'suite', 'review', '--approve-proposal', 'orders#1');
    expect(again.code).toBe(EXIT.ok);
    expect(again.out).toBe(
      [
        'suites/shop.proposals.yaml: dropped 1 proposal(s) whose SQL the case already holds (orders#1 as alt_sql[0]): approved before the queue was written, or added by hand; nothing to decide',
        '2 proposal(s) left in suites/shop.proposals.yaml',
      ].join('\n'),
    );
    expect(await readFile(suiteFile, 'utf8')).toBe(approvedSuite);
    const queue = await readAltSqlProposals(queueFile, 'shop');
    expect(queue.proposals.map((p) => [p.case_id, p.alt_sql])).toEqual([
      ['orders', BROKEN],
      ['totals', TOTALS_SUM],
    ]);
    expect(queue.rejected).toBeUndefined();
  });
});

const COUNT_KEY = 'SELECT Country, COUNT(CustomerId) AS n\nFROM Customer\nGROUP BY Country';
const COUNT_STATE = 'SELECT Country, COUNT(State) AS n FROM Customer GROUP BY Country';
const proposal = (caseId: string, sql: string, roles = ['admin']): AltSqlProposal => ({
  case_id: caseId,
  alt_sql: sql,
  reason: 'CustomerId is never NULL, so COUNT(CustomerId) counts every row.',
  judge: 'fake:judge (temperature 0, prompt sql-equivalence/1)',
  proposed_at: '2026-11-30',
  roles,
});

/** A folder holding a copy of the Chinook suite and a review queue beside it. */
async function chinookWithQueue(proposals: AltSqlProposal[]) {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-review-queue-'));
  const suite = join(dir, 'chinook.yaml');
  const queue = join(dir, 'chinook.proposals.yaml');
  await copyFile(CHINOOK_SUITE_PATH, suite);
  await writeFile(queue, formatAltSqlProposals({ suite: 'chinook', proposals }));
  const review = (...args: string[]) =>
    cli(dir, 'suite', 'review', 'chinook.yaml', '--db', chinook.path!, ...args);
  const files = async () => [await readFile(suite, 'utf8'), await readFile(queue, 'utf8')];
  return { dir, suite, queue, review, files };
}

/** The suite file's text cut into its cases, by id. */
function caseTexts(text: string): Map<string, string> {
  return new Map(
    text.split(/\n\n(?= {2}- id: )/).map((chunk) => [/- id: (\S+)/.exec(chunk)?.[1] ?? '', chunk]),
  );
}

describe.skipIf(noChinook)('nl2sql suite review: the alt_sql review queue on Chinook', () => {
  const queued = [
    proposal('chinook_001', COUNT_KEY, ['admin', 'sales']),
    proposal('chinook_001', COUNT_STATE),
    proposal(
      'chinook_004',
      "SELECT strftime('%Y', InvoiceDate), SUM(Total) FROM Invoice GROUP BY 1",
    ),
  ];

  it('lists each proposal with its label, question, gold and proposed SQL, reason, judge, date and roles', async () => {
    const q = await chinookWithQueue(queued);
    const r = await q.review();
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain(
      [
        'chinook_001#1  (proposed 2026-11-30 by fake:judge (temperature 0, prompt sql-equivalence/1) for admin, sales)',
        '  question: How many customers are there in each country?',
        '  gold sql:',
        '    SELECT c.Country, COUNT(*) AS customers',
        '    FROM Customer c',
        '    GROUP BY c.Country',
        '    ORDER BY customers DESC, c.Country',
        '  proposed alt_sql:',
        '    SELECT Country, COUNT(CustomerId) AS n',
        '    FROM Customer',
        '    GROUP BY Country',
        "  judge's reason: CustomerId is never NULL, so COUNT(CustomerId) counts every row.",
      ].join('\n'),
    );
    expect(r.out).toContain('chinook_001#2  (proposed');
    expect(r.out).toContain('chinook_004#1  (proposed');
    expect(r.out).toContain('  alt_sql already: 1');
    expect(r.out).toContain('chinook.proposals.yaml: 3 alt_sql proposal(s) from the judge');

    const json = await q.review('--json');
    expect(json.code).toBe(EXIT.ok);
    const listed = JSON.parse(json.out) as {
      proposals: Array<Record<string, unknown>>;
      rejected: number;
    };
    expect(listed.proposals.map((p) => p.id)).toEqual([
      'chinook_001#1',
      'chinook_001#2',
      'chinook_004#1',
    ]);
    expect(listed.proposals[0]).toEqual({
      id: 'chinook_001#1',
      case_id: 'chinook_001',
      question: 'How many customers are there in each country?',
      gold_sql: expect.stringContaining('COUNT(*) AS customers'),
      alt_sql_now: [],
      alt_sql: COUNT_KEY,
      reason: queued[0]?.reason,
      judge: queued[0]?.judge,
      proposed_at: '2026-11-30',
      roles: ['admin', 'sales'],
      already_gold: null,
    });
    expect(listed.rejected).toBe(0);
  });

  it('approving adds the SQL as an alternative with the rows it returns, the rest of the file unchanged', async () => {
    const q = await chinookWithQueue(queued);
    const [suiteBefore] = await q.files();
    const r = await q.review('--approve-proposal', 'chinook_001#1');
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toBe('');
    expect(r.out).toContain('chinook.yaml: approved 1 proposal(s) into alt_sql (chinook_001#1)');
    expect(r.out).toContain('2 proposal(s) left in chinook.proposals.yaml');

    const suite = await loadSuite(q.suite);
    const c = suite.cases.find((x) => x.id === 'chinook_001')!;
    expect(c.alt_sql).toEqual([COUNT_KEY]);
    const db = await openSqlite(chinook.path!);
    try {
      const run = await db.execute(COUNT_KEY, { maxRows: 10_000 });
      expect(c.alt_rows).toEqual([run.rows.map((row) => row.map(toCell))]);
    } finally {
      await db.close();
    }
    expect(c.alt_rows?.[0]).toContainEqual(['Argentina', 1]);
    // Written by the suite writer: every other case keeps its bytes.
    const before = caseTexts(suiteBefore!);
    const after = caseTexts(await readFile(q.suite, 'utf8'));
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [id, text] of before) if (id !== 'chinook_001') expect(after.get(id)).toBe(text);
    expect(after.get('chinook_001')).toContain(
      '    alt_sql:\n      - |-\n        SELECT Country, COUNT(CustomerId) AS n\n',
    );

    const queue = await readAltSqlProposals(q.queue, 'chinook');
    expect(queue.proposals.map((p) => p.alt_sql)).toEqual([COUNT_STATE, queued[2]?.alt_sql]);
    // The labels follow the queue as it is now.
    expect((await q.review()).out).toContain(
      'chinook_001#1  (proposed 2026-11-30 by fake:judge (temperature 0, prompt sql-equivalence/1) for admin)',
    );
  });

  it('rejecting removes the proposal and remembers it, so a later run does not propose it again', async () => {
    const q = await chinookWithQueue(queued);
    const [suiteBefore] = await q.files();
    const r = await q.review('--reject-proposal', 'chinook_001#2,chinook_004');
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain('rejected 2 proposal(s) (chinook_001#2, chinook_004#1); remembered');
    expect(await readFile(q.suite, 'utf8')).toBe(suiteBefore);
    const queue = await readAltSqlProposals(q.queue, 'chinook');
    expect(queue.proposals.map((p) => p.alt_sql)).toEqual([COUNT_KEY]);
    expect(queue.rejected?.map((p) => [p.case_id, p.alt_sql])).toEqual([
      ['chinook_001', COUNT_STATE],
      ['chinook_004', queued[2]?.alt_sql],
    ]);
    expect(queue.rejected?.[0]?.rejected_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse((await q.review('--json')).out).rejected).toBe(2);

    // A later judged run proposing the rejected SQL (reflowed) and a new one: only the new one
    // joins the queue.
    const judged = (caseId: string, sql: string) => ({
      caseId,
      role: 'admin',
      diagnostics: { verdict: { outcome: 'review', proposal: { alt_sql: sql, reason: 'same' } } },
    });
    const report = {
      configs: [
        {
          cases: [
            judged(
              'chinook_001',
              'SELECT Country, COUNT(State) AS n\nFROM Customer\nGROUP BY Country;',
            ),
            judged('chinook_002', 'SELECT 1'),
          ],
        },
      ],
    } as unknown as RunReport;
    const written = await writeReviewProposals(
      report,
      await loadSuite(q.suite),
      q.suite,
      'fake:judge',
      '2026-12-02',
      q.dir,
    );
    expect(written).toEqual({ file: q.queue, added: 1, total: 2 });
    const later = await readAltSqlProposals(q.queue, 'chinook');
    expect(later.proposals.map((p) => [p.case_id, p.alt_sql])).toEqual([
      ['chinook_001', COUNT_KEY],
      ['chinook_002', 'SELECT 1'],
    ]);
  });

  it('refuses an id the queue lacks, or a case with several proposals, writing nothing (exit 2)', async () => {
    const q = await chinookWithQueue(queued);
    const before = await q.files();
    const unknown = await q.review('--approve-proposal', 'chinook_001#1,chinook_009');
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain(
      'chinook.proposals.yaml: proposal chinook_009: no such proposal in the queue',
    );
    expect(unknown.err).toContain('nothing was written');
    const ambiguous = await q.review('--approve-proposal', 'chinook_001');
    expect(ambiguous.code).toBe(EXIT.usage);
    expect(ambiguous.err).toContain('name one: chinook_001#1, chinook_001#2');
    const mixed = await q.review('--approve', 'chinook_001', '--reject-proposal', 'chinook_004');
    expect(mixed.code).toBe(EXIT.usage);
    expect(await q.files()).toEqual(before);
  });

  it('refuses, located, a case the suite lacks, rejecting SQL already an alternative, SQL that does not run, and an alternative lint refuses (exit 1)', async () => {
    const q = await chinookWithQueue([
      proposal('chinook_001', COUNT_KEY),
      proposal('chinook_gone', 'SELECT 1'),
      // chinook_003's alternative as the suite has it, laid out otherwise.
      proposal(
        'chinook_003',
        "SELECT c.FirstName || ' ' || c.LastName AS customer, ROUND(SUM(i.Total), 2) AS total_spend FROM Customer c JOIN Invoice i ON i.CustomerId = c.CustomerId GROUP BY c.CustomerId ORDER BY total_spend DESC, c.CustomerId LIMIT 5;",
      ),
      proposal('chinook_004', 'SELECT Nope FROM Invoice'),
      proposal('chinook_002', "SELECT Name, 0 FROM Genre WHERE Name = 'Polka'"),
    ]);
    const before = await q.files();
    // The line each proposal starts on in the queue file.
    const line = (caseId: string) =>
      (before[1] ?? '').split('\n').indexOf(`  - case_id: ${caseId}`) + 1;
    expect((await q.review()).out).toContain(
      'case chinook_gone is not in the suite any more: reject it (--reject-proposal chinook_gone#1)',
    );
    const gone = await q.review('--approve-proposal', 'chinook_001,chinook_gone');
    expect(gone.code).toBe(EXIT.failed);
    expect(gone.err).toContain(
      `nl2sql: chinook.proposals.yaml:${line('chinook_gone')}: proposal chinook_gone#1 (case chinook_gone): suite chinook has no case chinook_gone`,
    );
    // SQL the case already holds cannot be rejected (approving it drops it: see the shop tests).
    const already = await q.review('--reject-proposal', 'chinook_003');
    expect(already.code).toBe(EXIT.failed);
    expect(already.err).toContain(
      `chinook.proposals.yaml:${line('chinook_003')}: proposal chinook_003#1 (case chinook_003): the SQL is already the case's alt_sql[0]`,
    );
    const broken = await q.review('--approve-proposal', 'chinook_001#1,chinook_004#1');
    expect(broken.code).toBe(EXIT.failed);
    expect(broken.err).toContain(`chinook.proposals.yaml:${line('chinook_004')}: `);
    expect(broken.err).toMatch(
      /proposal chinook_004#1 \(case chinook_004\): case chinook_004: alt_sql\[1\] failed: .*Nope.*; nothing was written/,
    );
    // Returning no row is a lint error eval run would refuse the suite for.
    const empty = await q.review('--approve-proposal', 'chinook_002');
    expect(empty.code).toBe(EXIT.failed);
    expect(empty.err).toContain(
      `chinook.proposals.yaml:${line('chinook_002')}: proposal chinook_002#1 (case chinook_002): with it the case fails suite lint: alt-row-count: alt_sql[0] returns 0 rows (allowed 1-25); nothing was written`,
    );
    expect(await q.files()).toEqual(before);
  });

  it('refuses to approve into the packaged Chinook suite in place (exit 3), saying how to copy it; rejecting works on its queue in the working folder', async () => {
    const q = await chinookWithQueue(queued);
    const packagedBefore = await readFile(CHINOOK_SUITE_PATH, 'utf8');
    const queueBefore = await readFile(q.queue, 'utf8');
    const listed = await cli(q.dir, 'suite', 'review', CHINOOK_SUITE_PATH);
    expect(listed.out).toContain('chinook.proposals.yaml: 3 alt_sql proposal(s)');
    const r = await cli(
      q.dir,
      'suite',
      'review',
      CHINOOK_SUITE_PATH,
      '--db',
      chinook.path!,
      '--approve-proposal',
      'chinook_001#1',
    );
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toMatch(/ships inside the package @nl2sql\/datasets .*nothing was written/);
    expect(r.err).toContain(`cp ${CHINOOK_SUITE_PATH} ${join(q.dir, 'chinook.yaml')}`);
    expect(await readFile(CHINOOK_SUITE_PATH, 'utf8')).toBe(packagedBefore);
    expect(await readFile(q.queue, 'utf8')).toBe(queueBefore);

    const rejected = await cli(
      q.dir,
      'suite',
      'review',
      CHINOOK_SUITE_PATH,
      '--reject-proposal',
      'chinook_004',
    );
    expect(rejected.code).toBe(EXIT.ok);
    expect(await readFile(CHINOOK_SUITE_PATH, 'utf8')).toBe(packagedBefore);
    expect((await readAltSqlProposals(q.queue, 'chinook')).rejected).toHaveLength(1);
  });
});
