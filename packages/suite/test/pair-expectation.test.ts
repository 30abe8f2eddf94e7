import { describe, expect, it } from 'vitest';
import { expectationProblem } from '../src/pair-expectation.js';

const outcome = { analyst: 'allowed', intern: 'refused' } as const;

describe('expectationProblem', () => {
  it('accepts a record the policy and the read set agree with', () => {
    expect(expectationProblem(undefined, outcome, ['orders'])).toBeUndefined();
    expect(
      expectationProblem({ role: 'Analyst', behavior: 'answer', tables: ['Orders'] }, outcome, [
        'orders',
      ]),
    ).toBeUndefined();
    expect(
      expectationProblem({ role: 'intern', behavior: 'refuse' }, outcome, ['orders']),
    ).toBeUndefined();
  });

  it('names each disagreement: an unknown role, the other outcome, other tables', () => {
    expect(expectationProblem({ role: 'finance', behavior: 'answer' }, outcome, ['orders'])).toBe(
      "role finance is not one of the policy's roles (analyst, intern)",
    );
    expect(expectationProblem({ role: 'intern', behavior: 'answer' }, outcome, ['orders'])).toBe(
      'expected_behavior answer, but the policy gives role intern refused for the tables the SQL reads [orders]',
    );
    expect(expectationProblem({ role: 'analyst', behavior: 'refuse' }, outcome, ['orders'])).toBe(
      'expected_behavior refuse, but the policy gives role analyst allowed for the tables the SQL reads [orders]',
    );
    expect(expectationProblem({ tables: ['fct_revenue'] }, outcome, ['orders', 'customers'])).toBe(
      'gold_tables [fct_revenue], but the SQL reads [customers, orders]',
    );
  });
});
