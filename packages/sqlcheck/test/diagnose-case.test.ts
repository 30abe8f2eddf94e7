import { describe, expect, it } from 'vitest';
import { diagnoseCase } from '../src/index.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

const GOLD = `SELECT al.Title, COUNT(*) AS tracks
FROM Artist ar
JOIN Album al ON al.ArtistId = ar.ArtistId
JOIN Track t ON t.AlbumId = al.AlbumId
WHERE ar.Name = 'AC/DC'
GROUP BY al.AlbumId, al.Title
ORDER BY al.AlbumId`;

describe('diagnoseCase', () => {
  it('a pass: every diagnostic, no error class', async () => {
    const d = await diagnoseCase({
      goldSql: GOLD,
      predSql: GOLD,
      dialect: 'sqlite',
      verdict: { pass: true },
      schema: CHINOOK,
    });
    expect(d).toMatchObject({
      normalizedMatch: true,
      astSimilarity: 1,
      filterValues: { total: 1, present: 1, accuracy: 1, allPresent: true, missing: [], extra: [] },
      difficulty: { level: 'simple', joins: 2, hasCte: false },
      errorClass: null,
      errorClasses: [],
      errorEvidence: [],
    });
    expect(Object.values(d.componentF1 ?? {}).every((s) => s === 1)).toBe(true);
    // plain JSON for the case record
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  it('a failure: the class and its evidence beside the similarity figures', async () => {
    const d = await diagnoseCase({
      goldSql: GOLD,
      predSql: GOLD.replace("'AC/DC'", "'ACDC'"),
      dialect: 'sqlite',
      verdict: { pass: false, lenientPass: false },
      schema: CHINOOK,
    });
    expect(d.normalizedMatch).toBe(false);
    expect(d.filterValues).toMatchObject({
      accuracy: 0,
      missing: [{ kind: 'string', value: 'AC/DC' }],
    });
    expect(d.componentF1?.where).toBe(0);
    expect(d.astSimilarity).toBeLessThan(1);
    expect(d.errorClass).toBe('entity_linking');
  });

  it('an alternative gold counts for normalised match; no SQL leaves the SQL figures empty', async () => {
    const alt = GOLD.replace("WHERE ar.Name = 'AC/DC'", 'WHERE ar.ArtistId = 1');
    const d = await diagnoseCase({
      goldSql: GOLD,
      altSql: [alt],
      predSql: alt,
      dialect: 'sqlite',
      verdict: { pass: true },
    });
    expect(d.normalizedMatch).toBe(true);
    const none = await diagnoseCase({
      goldSql: GOLD,
      predSql: null,
      dialect: 'sqlite',
      verdict: { pass: false },
    });
    expect(none).toMatchObject({
      normalizedMatch: false,
      componentF1: null,
      astSimilarity: null,
      filterValues: null,
      difficulty: { level: 'simple' },
      errorClass: 'no_sql',
    });
  });
});

describe('diagnoseCase with a signal', () => {
  const input = {
    goldSql: GOLD,
    predSql: GOLD.replace("'AC/DC'", "'ACDC'"),
    dialect: 'sqlite',
    verdict: { pass: false },
    schema: CHINOOK,
  } as const;

  it('gives the same diagnostics, the event loop taking a turn between them', async () => {
    const plain = await diagnoseCase(input);
    let turned = false;
    // Queued before the diagnostics start: it runs before they end only if they let the loop turn.
    setImmediate(() => {
      turned = true;
    });
    const stoppable = diagnoseCase(input, { signal: new AbortController().signal });
    const turnedBefore = await stoppable.then(() => turned);
    expect(await stoppable).toEqual(plain);
    expect(turnedBefore).toBe(true);
  });

  it('an abort stops it between two diagnostics with the signal reason', async () => {
    const controller = new AbortController();
    const stopped = diagnoseCase(input, { signal: controller.signal });
    controller.abort(new Error('stopped by SIGTERM'));
    await expect(stopped).rejects.toThrow('stopped by SIGTERM');
  });
});
