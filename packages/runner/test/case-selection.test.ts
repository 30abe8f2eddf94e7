import { describe, expect, it } from 'vitest';
import { selectCases } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

describe('selectCases', () => {
  it('keeps a case without approved (approved by default) and drops approved: false', () => {
    const [first, second, third, ...rest] = SUITE.cases;
    if (!first || !second || !third) throw new Error('the fixture has at least three cases');
    const { approved: _, ...unsaid } = first;
    const suite = {
      ...SUITE,
      cases: [unsaid, { ...second, approved: false }, { ...third, approved: true }, ...rest],
    };
    const ids = selectCases(suite).map((c) => c.id);
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(second.id);
    expect(ids).toContain(third.id);
  });
});
