import { describe, expect, it } from 'vitest';
import { Bm25 } from '../src/bm25.js';
import { schemaTokens } from '../src/schema-tokens.js';

describe('Bm25', () => {
  const docs = [
    schemaTokens('table Track. columns: TrackId, Name, GenreId, Milliseconds'),
    schemaTokens('table Genre. columns: GenreId, Name'),
    schemaTokens('table Invoice. columns: InvoiceId, BillingCountry, Total'),
  ];
  const index = new Bm25(docs);

  it('scores a document with a rare matching term above one without it', () => {
    const q = schemaTokens('tracks per genre');
    expect(index.score(q, 0)).toBeGreaterThan(index.score(q, 2));
    expect(index.score(q, 2)).toBe(0);
  });

  it('weighs a rare term above a common one', () => {
    // "name" is in two documents, "billing" in one.
    expect(index.score(['billing'], 2)).toBeGreaterThan(index.score(['name'], 1));
  });

  it('ignores repeated query terms and rejects an unknown document', () => {
    expect(index.score(['genre', 'genre'], 1)).toBe(index.score(['genre'], 1));
    expect(() => index.score(['genre'], 3)).toThrow(RangeError);
  });
});

describe('schemaTokens', () => {
  it('splits identifiers, drops stopwords and plural s', () => {
    expect(schemaTokens('InvoiceLine.UnitPrice of the tracks')).toEqual([
      'invoice',
      'line',
      'unit',
      'price',
      'track',
    ]);
    expect(schemaTokens('HTMLParser categories')).toEqual(['html', 'parser', 'category']);
  });
});
