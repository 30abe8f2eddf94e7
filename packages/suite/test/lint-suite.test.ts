import { describe, expect, it } from 'vitest';
import type { AccessPolicy, EvalCase, EvalSuite, LintRule } from '../src/index.js';
import {
  alternativeRoles,
  declaredModes,
  formatLintFinding,
  formatSuite,
  LINT_RULES,
  lintSuite,
  parseSuite,
  SUITE_MODES,
} from '../src/index.js';

const schema = {
  tables: [
    { name: 'Artist', columns: [{ name: 'ArtistId' }, { name: 'Name' }] },
    { name: 'Album', columns: [{ name: 'AlbumId' }, { name: 'Title' }, { name: 'ArtistId' }] },
    { name: 'Customer', columns: [{ name: 'CustomerId' }, { name: 'Country' }] },
  ],
};
const policy: AccessPolicy = {
  roles: {
    admin: { tables: ['Artist', 'Album', 'Customer'] },
    catalog: { tables: ['Artist', 'Album'] },
  },
};

const albums: EvalCase = {
  id: 'albums',
  question: 'How many albums does each artist have?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['join', 'aggregation'],
  order_matters: false,
  outcome: { admin: 'allowed', catalog: 'allowed' },
  tables: ['Album', 'Artist'],
  columns: ['Album.ArtistId', 'Artist.ArtistId', 'Artist.Name'],
  sql: 'SELECT ar.Name, COUNT(*) FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId GROUP BY ar.ArtistId, ar.Name',
  rows: [
    ['AC/DC', 2],
    ['Accept', 2],
  ],
  alt_sql: [
    "SELECT ar.Name || ':', COUNT(*) FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId GROUP BY ar.ArtistId",
  ],
  alt_rows: [
    [
      ['AC/DC:', 2],
      ['Accept:', 2],
    ],
  ],
  plan: {
    select: [
      { expr: { kind: 'column', table: 'ar', column: 'Name' } },
      { expr: { kind: 'aggregate', func: 'count' } },
    ],
    from: { table: 'Artist', alias: 'ar' },
    joins: [
      {
        kind: 'inner',
        table: 'Album',
        alias: 'al',
        on: [
          {
            left: { kind: 'column', table: 'al', column: 'ArtistId' },
            right: { kind: 'column', table: 'ar', column: 'ArtistId' },
          },
        ],
      },
    ],
    group_by: [
      { kind: 'column', table: 'ar', column: 'ArtistId' },
      { kind: 'column', table: 'ar', column: 'Name' },
    ],
  },
};

const countries: EvalCase = {
  id: 'countries',
  question: 'How many countries are our customers from?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['single-table', 'aggregation', 'rbac-denial'],
  order_matters: false,
  outcome: { admin: 'allowed', catalog: 'refused' },
  tables: ['Customer'],
  columns: ['Customer.Country'],
  sql: 'SELECT COUNT(DISTINCT Country) FROM Customer',
  rows: [[24]],
  plan: {
    select: [
      {
        expr: {
          kind: 'aggregate',
          func: 'count',
          distinct: true,
          arg: { kind: 'column', table: 'Customer', column: 'Country' },
        },
      },
    ],
    from: { table: 'Customer' },
  },
};

const weather: EvalCase = {
  id: 'weather',
  question: 'What is the weather in Oslo?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['unanswerable'],
  order_matters: false,
  outcome: { admin: 'unanswerable', catalog: 'unanswerable' },
  tables: [],
  columns: [],
};

// An alternative for `albums` that also reads Customer, which role catalog may not read.
const wideAlt =
  'SELECT ar.Name, COUNT(c.Country) FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId JOIN Customer c ON c.CustomerId = al.AlbumId GROUP BY ar.ArtistId';
const wideReads = {
  tables: ['Album', 'Artist', 'Customer'],
  columns: [
    'Album.AlbumId',
    'Album.ArtistId',
    'Artist.ArtistId',
    'Artist.Name',
    'Customer.Country',
    'Customer.CustomerId',
  ],
};

const suiteOf = (...cases: EvalCase[]): EvalSuite => ({ name: 't', version: 1, cases });
const options = {
  schema,
  policy,
  require: {
    approved: true,
    source: 'hand' as const,
    datasource: 'chinook',
    alt_same_tables: true,
    fixed_tags: true,
  },
  datasources: ['chinook'],
};

async function rules(...cases: EvalCase[]): Promise<Array<[string | undefined, LintRule]>> {
  return (await lintSuite(suiteOf(...cases), options)).map((f) => [f.caseId, f.rule]);
}

describe('lintSuite', () => {
  it('finds nothing wrong with a consistent suite', async () => {
    expect(await lintSuite(suiteOf(albums, countries, weather), options)).toEqual([]);
  });

  it('checks only the cases it is given, their references against every case (option cases)', async () => {
    const paraphrase = { ...countries, id: 'countries2', paraphrase_of: 'countries' };
    const stale = { ...albums, tables: ['Artist'] };
    const suite = suiteOf(stale, countries, paraphrase);
    const all = await lintSuite(suite, options);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((f) => f.caseId === 'albums')).toBe(true);
    // the paraphrase's target is not checked, but it is still a case of the suite
    expect(await lintSuite(suite, { ...options, cases: ['countries2'] })).toEqual([]);
    // a duplicate id is the suite's finding, whichever cases are checked
    const twice = await lintSuite(suiteOf(countries, countries, albums), {
      ...options,
      cases: ['albums'],
    });
    expect(twice.map((f) => f.rule)).toEqual(['duplicate-id']);
  });

  // One broken copy per rule: each must be reported, by that rule, on that case.
  const broken: Array<[LintRule, EvalCase]> = [
    ['not-approved', { ...countries, approved: false }],
    ['source', { ...countries, source: 'harvested' }],
    ['datasource', { ...countries, datasource: 'northwind' }],
    ['tag-vocabulary', { ...countries, tags: [...countries.tags, 'difficulty:hard'] }],
    ['unknown-datasource', { ...countries, datasource: 'nowhere' }],
    ['rows-width', { ...albums, rows: [['AC/DC', 2], ['Accept']] }],
    ['paraphrase-target', { ...countries, paraphrase_of: 'nope' }],
    [
      'paraphrase-rows',
      { ...countries, id: 'countries2', paraphrase_of: 'countries', rows: [[23]] },
    ],
    ['unknown-table', { ...countries, tables: ['Customer', 'Client'] }],
    ['unknown-column', { ...countries, columns: ['Customer.Country', 'Customer.Email'] }],
    ['sql-unparsed', { ...countries, sql: 'SELECT FROM WHERE' }],
    ['tables-mismatch', { ...albums, tables: ['Artist'] }],
    ['columns-mismatch', { ...albums, columns: ['Artist.Name'] }],
    ['unknown-role', { ...countries, outcome: { ...countries.outcome, intern: 'refused' } }],
    // A role named like an Object prototype key is not in the policy either (it once read
    // Object.prototype.toString as a scope and threw).
    [
      'unknown-role',
      {
        ...countries,
        outcome: Object.fromEntries([
          ...Object.entries(countries.outcome),
          ['toString', 'refused'],
        ]) as EvalCase['outcome'],
      },
    ],
    ['outcome-mismatch', { ...countries, outcome: { admin: 'allowed', catalog: 'allowed' } }],
    ['outcome-mismatch', { ...weather, outcome: { admin: 'allowed', catalog: 'unanswerable' } }],
    ['rbac-denial-tag', { ...countries, tags: ['single-table', 'aggregation'] }],
    ['rbac-denial-tag', { ...albums, tags: ['join', 'rbac-denial'] }],
    ['unanswerable-tag', { ...weather, tags: [] }],
    // A clarify case says why it is ambiguous; a reason without a clarify role is a slip.
    [
      'clarify-reason',
      { ...weather, tags: ['ambiguous'], outcome: { admin: 'clarify', catalog: 'clarify' } },
    ],
    ['clarify-reason', { ...weather, clarify_reason: 'two readings' }],
    // A clarify case has no gold answer, and expects clarify of every role.
    [
      'outcome-mismatch',
      { ...countries, clarify_reason: 'x', outcome: { admin: 'clarify', catalog: 'refused' } },
    ],
    [
      'outcome-mismatch',
      { ...weather, clarify_reason: 'x', outcome: { admin: 'clarify', catalog: 'unanswerable' } },
    ],
    ['unanswerable-tag', { ...countries, tags: [...countries.tags, 'unanswerable'] }],
    ['rows-missing', (({ rows: _, ...rest }) => rest)(countries)],
    ['plan-missing', (({ plan: _, ...rest }) => rest)(countries)],
    ['plan-unexpected', { ...weather, plan: countries.plan }],
    [
      'plan-invalid',
      {
        ...countries,
        plan: {
          select: [{ expr: { kind: 'column', table: 'Customer', column: 'Nope' } }],
          from: { table: 'Customer' },
        },
      },
    ],
    [
      'plan-tables',
      {
        ...countries,
        plan: {
          select: [{ expr: { kind: 'aggregate', func: 'count' } }],
          from: { table: 'Album' },
        },
      },
    ],
    ['plan-width', { ...countries, rows: [[24, 'x']] }],
    ['alt-rows-missing', { ...countries, alt_sql: ['SELECT COUNT(*) FROM Customer'] }],
    ['alt-unparsed', { ...countries, alt_sql: ['SELECT ((('], alt_rows: [[[1]]] }],
    [
      'alt-table',
      {
        ...countries,
        alt_sql: ['SELECT COUNT(*) FROM Customer JOIN Album ON 1 = 1'],
        alt_rows: [[[1]]],
      },
    ],
    [
      'alt-reads-mismatch',
      { ...countries, alt_sql: ['SELECT COUNT(*) FROM Album'], alt_rows: [[[347]]], alt_reads: [] },
    ],
    [
      'alt-reads-mismatch',
      {
        ...countries,
        alt_sql: ['SELECT COUNT(*) FROM Album'],
        alt_rows: [[[347]]],
        alt_reads: [{ tables: ['Customer'], columns: [] }],
      },
    ],
    ['alt-same-tables', { ...albums, alt_reads: [wideReads], alt_sql: [wideAlt] }],
    // An alternative whose reads are unknown counts for no role.
    ['alt-no-role', { ...albums, alt_reads: [] }],
    ['alt-row-count', { ...countries, alt_sql: ['SELECT Country FROM Customer'], alt_rows: [[]] }],
    [
      'alt-row-count',
      {
        ...countries,
        alt_sql: ['SELECT Country FROM Customer'],
        alt_rows: [Array.from({ length: 26 }, (_, i) => [i])],
      },
    ],
    [
      'alt-repeats-gold',
      {
        ...countries,
        alt_sql: ['select count(distinct Country)\n  from Customer;'],
        alt_rows: [[[23]]],
      },
    ],
    [
      'alt-repeats-gold',
      {
        ...countries,
        alt_sql: ['SELECT COUNT(DISTINCT c.Country) FROM Customer c'],
        alt_rows: [[[24]]],
      },
    ],
  ];

  for (const [rule, c] of broken) {
    it(`reports ${rule} (${c.id})`, async () => {
      const found = await rules(albums, countries, weather, c);
      expect(found).toContainEqual([c.id, rule]);
      // Every finding is about the broken copy, and each carries a message.
      for (const [id] of found) expect(id).toBe(c.id);
    });
  }

  it('accepts an alternative that reads its own tables when it declares them, and knows which roles it serves', async () => {
    const wide: EvalCase = { ...albums, alt_sql: [wideAlt], alt_reads: [wideReads] };
    const lifted = { ...options, require: { ...options.require, alt_same_tables: false } };
    expect(await lintSuite(suiteOf(wide, countries, weather), lifted)).toEqual([]);
    expect(alternativeRoles(wide, policy)).toEqual([
      { index: 0, reads: wideReads, serves: ['admin'], notServes: ['catalog'] },
    ]);
    // The gold's own reads are what decide the outcome: both roles stay allowed.
    expect(wide.outcome).toEqual({ admin: 'allowed', catalog: 'allowed' });
    // Declared reads are checked against the SQL: a declaration that leaves Customer out is caught.
    const understated: EvalCase = {
      ...wide,
      alt_reads: [{ tables: ['Album', 'Artist'], columns: wideReads.columns.slice(0, 4) }],
    };
    const found = await lintSuite(suiteOf(understated), lifted);
    expect(found.map((f) => f.message)).toEqual([
      'alt_reads[0] lists tables Album, Artist, alt_sql[0] reads Album, Artist, Customer',
      'alt_reads[0] lists columns Album.AlbumId, Album.ArtistId, Artist.ArtistId, Artist.Name, alt_sql[0] reads Album.AlbumId, Album.ArtistId, Artist.ArtistId, Artist.Name, Customer.Country, Customer.CustomerId',
    ]);
  });

  it('holds an undeclared alternative to columns every allowed role may read (column lists)', async () => {
    const narrowed: AccessPolicy = {
      roles: {
        admin: { tables: ['Artist', 'Album', 'Customer'] },
        catalog: { tables: ['Artist', 'Album'], columns: { Album: ['AlbumId', 'ArtistId'] } },
      },
    };
    const titles: EvalCase = {
      ...albums,
      alt_sql: [
        'SELECT ar.Name, COUNT(al.Title) FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId GROUP BY ar.ArtistId',
      ],
    };
    const lint = (c: EvalCase, policy: AccessPolicy) =>
      lintSuite(suiteOf(c), { schema, policy, modes: ['engine'] });
    // Without column lists COUNT(al.Title) is the same question for every role.
    expect(await lint(titles, policy)).toEqual([]);
    const found = await lint(titles, narrowed);
    expect(found.map((f) => [f.rule, f.message])).toEqual([
      [
        'alt-table',
        'alt_sql[0] reads Album.Title, which role catalog (allowed on the case) may not read (declare what it reads in alt_reads)',
      ],
    ]);
  });

  it('has a broken copy for every rule that needs only a schema and a policy', () => {
    const covered = new Set(broken.map(([rule]) => rule));
    // These need a loaded file, the run's roles or a database; tested below and in
    // lint-suite.integration.test.ts.
    const elsewhere: LintRule[] = ['duplicate-id', 'plan-note', 'outcome-roles', 'sql-fails'];
    for (const rule of Object.keys(LINT_RULES) as LintRule[])
      if (!elsewhere.includes(rule)) expect(covered, rule).toContain(rule);
  });

  it('reports duplicate ids and header notes for cases without a plan', async () => {
    const suite: EvalSuite = {
      ...suiteOf(albums, countries, weather, { ...countries }),
      plan_notes: [{ case: 'weather', note: 'x' }],
    };
    const findings = await lintSuite(suite, options);
    expect(findings.map((f) => [f.caseId, f.rule])).toEqual([
      ['countries', 'duplicate-id'],
      ['weather', 'plan-note'],
    ]);
    expect(findings[0]?.message).toBe('id countries is used by more than one case');
  });

  it('runs the checks that need no schema or policy without them', async () => {
    const findings = await lintSuite(
      suiteOf({ ...countries, tables: ['Nope'], outcome: { x: 'allowed' } }, weather),
    );
    expect(findings.map((f) => f.rule)).toEqual(['rbac-denial-tag', 'plan-tables']);
  });

  it('names what is wrong in the message', async () => {
    const [finding] = await lintSuite(suiteOf({ ...albums, tables: ['Artist'] }), options);
    expect(finding).toEqual({
      file: undefined,
      line: undefined,
      caseId: 'albums',
      rule: 'tables-mismatch',
      severity: 'error',
      message: 'tables lists Artist, sql reads Album, Artist',
    });
  });

  it('reports a case whose outcome lacks a role the run asks as', async () => {
    const findings = await lintSuite(
      suiteOf(albums, { ...countries, outcome: { admin: 'allowed' }, tags: ['single-table'] }),
      { ...options, roles: ['admin', 'catalog'] },
    );
    expect(findings.map((f) => [f.caseId, f.rule, f.message])).toEqual([
      [
        'countries',
        'outcome-roles',
        'outcome has no catalog, so the case would not be asked as that role',
      ],
    ]);
  });

  it('formats a finding as one line, located when the place is known', () => {
    const f = { severity: 'error' as const, file: undefined, line: undefined };
    expect(formatLintFinding({ ...f, caseId: 'c1', rule: 'plan-width', message: 'x' })).toBe(
      'c1: plan-width (error): x',
    );
    expect(formatLintFinding({ ...f, caseId: undefined, rule: 'plan-note', message: 'y' })).toBe(
      '(suite): plan-note (error): y',
    );
    expect(
      formatLintFinding({
        ...f,
        file: 's.yaml',
        line: 7,
        caseId: 'c1',
        rule: 'rows-missing',
        message: 'z',
      }),
    ).toBe('s.yaml:7: c1: rows-missing (error): z');
  });
});

describe('lint findings are located from the file', () => {
  const text = formatSuite({
    ...suiteOf(albums, countries, weather, { ...weather, question: 'Again?' }),
    plan_notes: [{ case: 'weather', note: 'x' }],
  });
  const suite = parseSuite(text, 'suite.yaml');
  const lineOf = (needle: string, from = 0): number => {
    const at = text.indexOf(needle, from);
    return text.slice(0, at).split('\n').length;
  };

  it('points at the field at fault, and at the case when no field is', async () => {
    const brokenText = text
      .replace('tables: [ Album, Artist ]', 'tables: [ Artist ]')
      .replace('    rows:\n      - [ 24 ]\n', '');
    const findings = await lintSuite(parseSuite(brokenText, 'suite.yaml'), options);
    const located = (rule: LintRule) => findings.find((f) => f.rule === rule);
    const lineIn = (needle: string, from = 0) =>
      brokenText.slice(0, brokenText.indexOf(needle, from)).split('\n').length;
    expect(located('tables-mismatch')).toMatchObject({
      file: 'suite.yaml',
      caseId: 'albums',
      line: lineIn('tables:'),
    });
    expect(located('rows-missing')).toMatchObject({
      file: 'suite.yaml',
      caseId: 'countries',
      line: lineIn('- id: countries'),
    });
  });

  it('names both lines of a duplicate id, and the note of a plan note', async () => {
    const findings = await lintSuite(suite, options);
    const first = lineOf('- id: weather');
    const second = lineOf('- id: weather', text.indexOf('- id: weather') + 1);
    expect(findings.map((f) => [f.rule, f.line, f.message])).toEqual([
      ['duplicate-id', second, `id weather is used by the cases at lines ${first} and ${second}`],
      [
        'plan-note',
        lineOf('  - case: weather'),
        'the header notes a plan for weather, which has none',
      ],
    ]);
    expect(findings.every((f) => f.file === 'suite.yaml')).toBe(true);
  });
});

describe('rules by mode', () => {
  const noPlan = (({ plan: _, ...rest }) => rest)(countries);

  it('plan-missing is an error for mode plans and not reported for an external engine', async () => {
    const suite = suiteOf(albums, noPlan);
    const plans = await lintSuite(suite, { ...options, modes: ['plans'] });
    expect(plans.map((f) => [f.caseId, f.rule, f.severity])).toEqual([
      ['countries', 'plan-missing', 'error'],
    ]);
    expect(await lintSuite(suite, { ...options, modes: ['engine'] })).toEqual([]);
    expect(await lintSuite(suite, { ...options, modes: ['full'] })).toEqual([]);
  });

  it('a suite with no plan at all is not meant for mode plans', async () => {
    const suite = suiteOf(noPlan, weather);
    expect(declaredModes(suite)).toEqual(['full', 'engine', 'retrieval']);
    expect(declaredModes(suiteOf(albums, noPlan))).toEqual(SUITE_MODES);
    expect(await lintSuite(suite, options)).toEqual([]);
  });

  it('mode retrieval does not need rows', async () => {
    const suite = suiteOf((({ rows: _, ...rest }) => rest)(countries));
    expect(await lintSuite(suite, { ...options, modes: ['retrieval'] })).toEqual([]);
    expect((await lintSuite(suite, { ...options, modes: ['engine'] })).map((f) => f.rule)).toEqual([
      'rows-missing',
    ]);
  });
});
