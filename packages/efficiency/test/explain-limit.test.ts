// The explainers refuse statements longer than the SQLite datasource accepts: the limit is
// kept in this package (so planning loads no native addon) and must stay the datasource's.
import { MAX_STATEMENT_BYTES } from '@nl2sql/datasource-sqlite';
import { describe, expect, it } from 'vitest';
import { MAX_EXPLAIN_BYTES } from '../src/explainer.js';

describe('MAX_EXPLAIN_BYTES', () => {
  it("is the SQLite datasource's statement limit", () => {
    expect(MAX_EXPLAIN_BYTES).toBe(MAX_STATEMENT_BYTES);
  });
});
