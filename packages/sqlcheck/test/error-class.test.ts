// The failure taxonomy on real Chinook pairs: each gold is a query of the Chinook suite, each
// prediction a plausible wrong answer to the same question, and every pair is first run on
// the real file to show that its rows differ (so `pass: false` is true) before it is classified.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorClass, KeyedSchemaLike } from '../src/index.js';
import { ERROR_CLASSES, errorClass } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { type ChinookDatabase, noChinook, openChinook } from './fixtures/chinook-database.js';

// Chinook's categories (004's reference tables): a wrong value there is a lookup constraint.
const LOOKUPS = [
  'Genre',
  'MediaType',
  'Customer.Country',
  'Invoice.BillingCountry',
  'Employee.Title',
];

let chinook: ChinookDatabase;
let schema: KeyedSchemaLike;
beforeAll(async () => {
  if (noChinook) return;
  chinook = await openChinook();
  schema = chinook.schema;
});
afterAll(() => chinook?.close());

async function classify(
  goldSql: string,
  predSql: string,
  options: { lookupTables?: string[]; lenientPass?: boolean } = {},
) {
  const [g, p] = [await chinook.rows(goldSql), await chinook.rows(predSql)];
  if (g instanceof Error) throw new Error(`the gold does not run: ${g.message}`);
  if (p instanceof Error) throw new Error(`the prediction does not run: ${p.message}`);
  // a failing pair: the rows differ as multisets
  expect(JSON.stringify(p)).not.toBe(JSON.stringify(g));
  return errorClass({
    goldSql,
    predSql,
    dialect: 'sqlite',
    verdict: {
      pass: false,
      ...(options.lenientPass !== undefined ? { lenientPass: options.lenientPass } : {}),
    },
    schema,
    lookupTables: options.lookupTables ?? LOOKUPS,
  });
}

const HEAVY_METAL = `SELECT COUNT(*) AS tracks
FROM Track t
JOIN Genre g ON g.GenreId = t.GenreId
WHERE g.Name = 'Heavy Metal'`;

const ACDC_ALBUMS = `SELECT al.Title, COUNT(*) AS tracks
FROM Artist ar
JOIN Album al ON al.ArtistId = ar.ArtistId
JOIN Track t ON t.AlbumId = al.AlbumId
WHERE ar.Name = 'AC/DC'
GROUP BY al.AlbumId, al.Title
ORDER BY al.AlbumId`;

const GERMANY = `SELECT c.FirstName, c.LastName, c.City
FROM Customer c
WHERE c.Country = 'Germany'
ORDER BY c.CustomerId`;

const TOP_SPENDERS = `SELECT c.FirstName, c.LastName, ROUND(SUM(i.Total), 2) AS total_spend
FROM Customer c
JOIN Invoice i ON i.CustomerId = c.CustomerId
GROUP BY c.CustomerId, c.FirstName, c.LastName
ORDER BY total_spend DESC, c.CustomerId
LIMIT 5`;

describe.skipIf(noChinook)('errorClass: each class on a real Chinook pair', () => {
  it('table_selection: the prediction counts by media type instead of genre', async () => {
    const r = await classify(
      HEAVY_METAL,
      `SELECT COUNT(*) FROM Track t JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId WHERE m.Name = 'Heavy Metal'`,
    );
    expect(r.errorClass).toBe('table_selection');
    expect(r.evidence[0]).toContain('missing genre');
    expect(r.evidence[0]).toContain('extra mediatype');
  });

  it('aggregation: SUM for AVG (chinook_043), COUNT for COUNT(DISTINCT) (chinook_011), no GROUP BY', async () => {
    const avg = await classify(
      `SELECT i.BillingCountry, ROUND(AVG(i.Total), 2) AS avg_total FROM Invoice i GROUP BY i.BillingCountry HAVING COUNT(*) >= 20 ORDER BY i.BillingCountry`,
      `SELECT i.BillingCountry, ROUND(SUM(i.Total), 2) AS avg_total FROM Invoice i GROUP BY i.BillingCountry HAVING COUNT(*) >= 20 ORDER BY i.BillingCountry`,
    );
    expect(avg.errorClass).toBe('aggregation');
    expect(avg.evidence).toEqual(['aggregation: aggregates: gold avg; the prediction sum']);
    const distinct = await classify(
      'SELECT COUNT(DISTINCT c.Country) AS countries FROM Customer c',
      'SELECT COUNT(c.Country) AS countries FROM Customer c',
    );
    expect(distinct.errorClass).toBe('aggregation');
    const ungrouped = await classify(
      'SELECT c.Country, COUNT(*) AS customers FROM Customer c GROUP BY c.Country',
      'SELECT c.Country, COUNT(*) AS customers FROM Customer c',
    );
    expect(ungrouped.errorClass).toBe('aggregation');
    expect(ungrouped.evidence.join(' ')).toContain('no GROUP BY');
  });

  it("column_selection: another column in the select list (an id for a name), or the gold's value compared with another column", async () => {
    const longest = await classify(
      'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 10',
      'SELECT t.TrackId, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 10',
    );
    expect(longest.errorClass).toBe('column_selection');
    expect(longest.evidence[0]).toContain('track.name');
    const moved = await classify(
      GERMANY,
      `SELECT c.FirstName, c.LastName, c.City FROM Customer c WHERE c.State = 'Germany' ORDER BY c.CustomerId`,
    );
    expect(moved.applicable).toEqual(['column_selection']);
    expect(moved.evidence[0]).toContain(
      "'Germany' (customer.country) is compared with customer.state",
    );
  });

  it('entity_linking: a named entity spelt another way, or another entity key', async () => {
    const named = await classify(ACDC_ALBUMS, ACDC_ALBUMS.replace("'AC/DC'", "'ACDC'"));
    expect(named.errorClass).toBe('entity_linking');
    expect(named.evidence[0]).toContain("'AC/DC' (artist.name)");
    // Artist 1 is AC/DC: a foreign key to an entity table is an identifier
    const byKey = await classify(
      'SELECT al.Title FROM Album al WHERE al.ArtistId = 1 ORDER BY al.AlbumId',
      'SELECT al.Title FROM Album al WHERE al.ArtistId = 2 ORDER BY al.AlbumId',
    );
    expect(byKey.errorClass).toBe('entity_linking');
  });

  it('filter_values: a wrong date bound, a wrong HAVING threshold, a wrong LIKE pattern, a dropped constraint', async () => {
    const year = await classify(
      `SELECT CAST(strftime('%m', i.InvoiceDate) AS INTEGER) AS month, COUNT(*) AS invoices FROM Invoice i WHERE i.InvoiceDate >= '2025-01-01' AND i.InvoiceDate < '2026-01-01' GROUP BY month ORDER BY month`,
      `SELECT CAST(strftime('%m', i.InvoiceDate) AS INTEGER) AS month, COUNT(*) AS invoices FROM Invoice i WHERE i.InvoiceDate >= '2024-01-01' AND i.InvoiceDate < '2025-01-01' GROUP BY month ORDER BY month`,
    );
    expect(year.errorClass).toBe('filter_values');
    expect(year.evidence.join('\n')).toContain("'2024-01-01' (invoice.invoicedate)");
    const having = await classify(
      'SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId, g.Name HAVING COUNT(*) > 100 ORDER BY g.Name',
      'SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId, g.Name HAVING COUNT(*) > 50 ORDER BY g.Name',
    );
    expect(having.errorClass).toBe('filter_values');
    const like = await classify(
      "SELECT COUNT(*) AS tracks FROM Track t WHERE t.Name LIKE 'Where%'",
      "SELECT COUNT(*) AS tracks FROM Track t WHERE t.Name LIKE '%Where%'",
    );
    expect(like.errorClass).toBe('filter_values');
    const dropped = await classify(
      `SELECT e.FirstName, e.LastName, e.HireDate FROM Employee e WHERE e.Title = 'Sales Support Agent' AND e.HireDate >= '2003-01-01' AND e.HireDate < '2004-01-01' ORDER BY e.EmployeeId`,
      `SELECT e.FirstName, e.LastName, e.HireDate FROM Employee e WHERE e.HireDate >= '2003-01-01' AND e.HireDate < '2004-01-01' ORDER BY e.EmployeeId`,
    );
    expect(dropped.errorClass).toBe('filter_values');
    expect(dropped.evidence[0]).toContain("'Sales Support Agent' (employee.title) is missing");
  });

  it('filter_values: the same values constrained another way (a negation, a dropped HAVING, a predicate without a value)', async () => {
    const negated = await classify(
      `SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Heavy Metal'`,
      `SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE NOT g.Name = 'Heavy Metal'`,
    );
    expect(negated.applicable).toEqual(['filter_values']);
    expect(negated.evidence[0]).toContain('same values');
    // HAVING is a filter on groups: dropping it is not an aggregation error
    const noHaving = await classify(
      'SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId, g.Name HAVING COUNT(*) > 100 ORDER BY g.Name',
      'SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId, g.Name ORDER BY g.Name',
    );
    expect(noHaving.applicable).toEqual(['filter_values']);
    const correlation = await classify(
      'SELECT g.Name AS genre, t.Name AS track, t.Milliseconds FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE t.Milliseconds = (SELECT MAX(t2.Milliseconds) FROM Track t2 WHERE t2.GenreId = t.GenreId) ORDER BY g.Name',
      'SELECT g.Name AS genre, t.Name AS track, t.Milliseconds FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE t.Milliseconds = (SELECT MAX(t2.Milliseconds) FROM Track t2) ORDER BY g.Name',
    );
    expect(correlation.errorClass).toBe('filter_values');
    // the MAX of a subquery in WHERE is part of the filter: dropping the filter is no aggregation error
    const noSubquery = await classify(
      'SELECT g.Name AS genre, t.Name AS track, t.Milliseconds FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE t.Milliseconds = (SELECT MAX(t2.Milliseconds) FROM Track t2 WHERE t2.GenreId = t.GenreId) ORDER BY g.Name',
      'SELECT g.Name AS genre, t.Name AS track, t.Milliseconds FROM Track t JOIN Genre g ON g.GenreId = t.GenreId ORDER BY g.Name',
    );
    expect(noSubquery.applicable).toEqual(['filter_values']);
  });

  it('lookup tables decide between filter_values and entity_linking', async () => {
    const metal = HEAVY_METAL.replace("'Heavy Metal'", "'Metal'");
    expect((await classify(HEAVY_METAL, metal)).errorClass).toBe('filter_values');
    expect((await classify(HEAVY_METAL, metal, { lookupTables: [] })).errorClass).toBe(
      'entity_linking',
    );
    // a foreign key into a lookup table is a lookup constraint, not an entity key
    const byGenre = await classify(
      'SELECT COUNT(*) FROM Track t WHERE t.GenreId = 1',
      'SELECT COUNT(*) FROM Track t WHERE t.GenreId = 3',
    );
    expect(byGenre.errorClass).toBe('filter_values');
    const byGenreNoLookups = await classify(
      'SELECT COUNT(*) FROM Track t WHERE t.GenreId = 1',
      'SELECT COUNT(*) FROM Track t WHERE t.GenreId = 3',
      { lookupTables: [] },
    );
    expect(byGenreNoLookups.errorClass).toBe('entity_linking');
  });

  it('presentation_only: a lenient pass, a dropped plain column, an added column', async () => {
    const lenient = await classify(
      GERMANY,
      `SELECT c.City, c.FirstName, c.LastName, c.Country FROM Customer c WHERE c.Country = 'Germany' ORDER BY c.CustomerId`,
      { lenientPass: true },
    );
    expect(lenient.errorClass).toBe('presentation_only');
    const dropped = await classify(
      TOP_SPENDERS,
      TOP_SPENDERS.replace('SELECT c.FirstName, c.LastName,', 'SELECT c.LastName,'),
      { lenientPass: false },
    );
    expect(dropped.errorClass).toBe('presentation_only');
    expect(dropped.applicable).toEqual(['presentation_only', 'column_selection']);
    const added = await classify(GERMANY, GERMANY.replace('c.City', 'c.City, c.PostalCode'));
    expect(added.errorClass).toBe('presentation_only');
  });

  it('a dropped computed column, or every plain column, is not presentation-only', async () => {
    const noTotal = await classify(
      TOP_SPENDERS,
      `SELECT c.FirstName, c.LastName
FROM Customer c
JOIN Invoice i ON i.CustomerId = c.CustomerId
GROUP BY c.CustomerId, c.FirstName, c.LastName
ORDER BY ROUND(SUM(i.Total), 2) DESC, c.CustomerId
LIMIT 5`,
      { lenientPass: false },
    );
    expect(noTotal.errorClass).not.toBe('presentation_only');
    const noNames = await classify(
      TOP_SPENDERS,
      TOP_SPENDERS.replace('SELECT c.FirstName, c.LastName,', 'SELECT'),
      { lenientPass: false },
    );
    expect(noNames.errorClass).toBe('column_selection');
  });

  it('other: LIMIT, DISTINCT, the join kind, the ORDER BY direction, the same query', async () => {
    const limit = await classify(
      'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 10',
      'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 5',
    );
    expect(limit).toEqual({
      errorClass: 'other',
      applicable: ['other'],
      evidence: ['other: LIMIT / OFFSET differs'],
    });
    const join = await classify(
      'SELECT e.FirstName, e.LastName, m.FirstName AS manager_first_name, m.LastName AS manager_last_name FROM Employee e LEFT JOIN Employee m ON m.EmployeeId = e.ReportsTo ORDER BY e.EmployeeId',
      'SELECT e.FirstName, e.LastName, m.FirstName AS manager_first_name, m.LastName AS manager_last_name FROM Employee e JOIN Employee m ON m.EmployeeId = e.ReportsTo ORDER BY e.EmployeeId',
    );
    expect(join.evidence).toContain('other: join kinds differ');
    const distinct = await classify(
      'SELECT c.Country FROM Customer c',
      'SELECT DISTINCT c.Country FROM Customer c',
    );
    expect(distinct.evidence).toEqual(['other: DISTINCT differs']);
    const direction = await classify(
      'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 10',
      'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds ASC, t.TrackId LIMIT 10',
    );
    expect(direction.evidence).toEqual(['other: ORDER BY differs']);
    // ordering is not column selection, even when the dropped ORDER BY read other columns
    const unordered = await classify(
      'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 10',
      'SELECT t.Name, t.Milliseconds FROM Track t LIMIT 10',
    );
    expect(unordered.evidence).toEqual(['other: ORDER BY differs']);
  });

  it('several findings: the class follows the precedence, every finding is kept', async () => {
    // wrong table, wrong aggregate and a wrong value at once: table selection comes first
    const r = await classify(
      HEAVY_METAL,
      "SELECT COUNT(DISTINCT t.AlbumId) FROM Track t JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId WHERE m.Name = 'Protected AAC audio file'",
    );
    expect(r.applicable).toEqual([
      'table_selection',
      'aggregation',
      'column_selection',
      'filter_values',
    ]);
    expect(r.errorClass).toBe('table_selection');
    // an entity and a plain value both wrong: entity linking first
    const both = await classify(
      `SELECT al.Title FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId WHERE ar.Name = 'AC/DC' AND al.Title > 'B'`,
      `SELECT al.Title FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId WHERE ar.Name = 'Accept' AND al.Title > 'C'`,
    );
    expect(both.applicable).toEqual(['entity_linking', 'filter_values']);
  });
});

describe('errorClass: outside the SQL', () => {
  it('a pass has no class; no SQL; SQL that did not run; SQL the parser cannot read', async () => {
    const base = { goldSql: HEAVY_METAL, dialect: 'sqlite' } as const;
    expect(await errorClass({ ...base, predSql: HEAVY_METAL, verdict: { pass: true } })).toEqual({
      errorClass: null,
      applicable: [],
      evidence: [],
    });
    expect(
      (await errorClass({ ...base, predSql: '  ', verdict: { pass: false } })).errorClass,
    ).toBe('no_sql');
    expect(
      (await errorClass({ ...base, predSql: null, verdict: { pass: false } })).errorClass,
    ).toBe('no_sql');
    expect(
      (
        await errorClass({
          ...base,
          predSql: 'SELECT nope FROM Track',
          verdict: { pass: false, executed: false },
        })
      ).errorClass,
    ).toBe('execution_error');
    const unreadable = await errorClass({
      ...base,
      predSql: 'SELECT 1; SELECT 2',
      verdict: { pass: false },
    });
    expect(unreadable.errorClass).toBe('unclassified');
    expect(unreadable.evidence[0]).toContain('not one query');
  });
});

describe.skipIf(noChinook)(
  'errorClass: precedence and invariants over pairs of Chinook queries',
  () => {
    it('the class is the first applicable one, in ERROR_CLASSES order; a query against itself is "other"', async () => {
      const golds = [...BENIGN_CHINOOK];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...golds),
          fc.constantFrom(...golds),
          async (gold, pred) => {
            const r = await errorClass({
              goldSql: gold,
              predSql: pred,
              dialect: 'sqlite',
              verdict: { pass: false },
              schema,
              lookupTables: LOOKUPS,
            });
            const order = (c: ErrorClass) => ERROR_CLASSES.indexOf(c);
            expect(r.errorClass).toBe(r.applicable[0]);
            expect([...r.applicable].sort((a, b) => order(a) - order(b))).toEqual(r.applicable);
            expect(new Set(r.applicable).size).toBe(r.applicable.length);
            for (const c of r.applicable)
              expect(r.evidence.some((e) => e.startsWith(`${c}:`))).toBe(true);
            if (gold === pred) {
              expect(r.errorClass).toBe('other');
              expect(r.evidence[0]).toContain('same canonical form');
            } else {
              expect(r.errorClass).not.toBe('unclassified');
            }
          },
        ),
        { numRuns: 150, seed: 16 },
      );
    });
  },
);
