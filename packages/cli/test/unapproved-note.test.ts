import type { EvalCase } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { unapprovedNote } from '../src/authoring/unapproved-note.js';

const c = (id: string, approved?: boolean): EvalCase => ({
  id,
  question: 'q',
  datasource: 'shop',
  source: 'hand',
  ...(approved === undefined ? {} : { approved }),
  tags: [],
  order_matters: false,
  outcome: { analyst: 'allowed' },
  tables: [],
  columns: [],
});

describe('unapprovedNote', () => {
  it('counts the cases that say approved: false; a case without the field runs', () => {
    const suite = (...cases: EvalCase[]) => ({ name: 's', version: 1 as const, cases });
    expect(unapprovedNote(suite(c('a'), c('b', true)))).toBeUndefined();
    expect(unapprovedNote(suite(c('a', false), c('b')))).toBe(
      '1 unapproved case skipped; nl2sql suite review',
    );
    expect(unapprovedNote(suite(c('a', false), c('b', false), c('c')))).toBe(
      '2 unapproved cases skipped; nl2sql suite review',
    );
  });
});
