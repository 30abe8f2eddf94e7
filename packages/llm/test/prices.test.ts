import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callCost, PRICES, priceTable } from '../src/prices.js';

describe('PRICES: the spec table, row for row', () => {
  it('has exactly the spec rows with their sources and dates', () => {
    // Spec 000, "Cost and the cap": USD per 1M tokens.
    const spec = [
      ['gpt-5.4', 2.5, 0.25, 2.5, 15.0, 'OpenAI pricing page', '2026-09-21'],
      ['gpt-5.4-mini', 0.75, 0.075, 0.75, 4.5, 'OpenAI pricing page', '2026-09-21'],
      ...(['text-embedding-3-small', 'text-embedding-3-large'] as const).map(
        (model) =>
          [
            model,
            model.endsWith('small') ? 0.02 : 0.13,
            model.endsWith('small') ? 0.02 : 0.13,
            model.endsWith('small') ? 0.02 : 0.13,
            0,
            'OpenAI model page (developers.openai.com), read from a price tracker snapshot; unchanged since launch (2024-01-25)',
            '2026-07-03',
          ] as const,
      ),
      [
        'claude-opus-5',
        5.0,
        0.5,
        6.25,
        25.0,
        'Anthropic model table (claude-api skill, cached 2026-06-24)',
        '2026-06-24',
      ],
      [
        'claude-sonnet-5',
        2.0,
        0.2,
        2.5,
        10.0,
        'Anthropic model table (claude-api skill, cached 2026-06-24)',
        '2026-06-24',
      ],
      [
        'claude-haiku-4-5',
        1.0,
        0.1,
        1.25,
        5.0,
        'Anthropic model table (claude-api skill, cached 2026-06-24)',
        '2026-06-24',
      ],
    ] as const;
    expect(Object.keys(PRICES)).toEqual(spec.map((r) => r[0]));
    for (const [model, input, cachedInput, cacheWrite, output, source, checked] of spec) {
      expect(PRICES[model]).toEqual({ input, cachedInput, cacheWrite, output, source, checked });
    }
  });

  it('Anthropic bills a cache write at 1.25x input and a read at 0.1x', () => {
    for (const model of ['claude-opus-5', 'claude-sonnet-5', 'claude-haiku-4-5']) {
      const p = PRICES[model]!;
      expect(p.cacheWrite).toBeCloseTo(p.input * 1.25, 10);
      expect(p.cachedInput).toBeCloseTo(p.input * 0.1, 10);
    }
  });

  it('an embedding model bills its input only: no output rate, no cache discount', () => {
    for (const model of ['text-embedding-3-small', 'text-embedding-3-large']) {
      const p = PRICES[model]!;
      expect([p.output, p.cachedInput, p.cacheWrite]).toEqual([0, p.input, p.input]);
      // 1M input tokens cost exactly the input rate, whatever the call says it cached.
      const usage = { input: 1_000_000, cached: 0, cacheWrite: 0, output: 0 };
      expect(callCost(usage, p)).toBeCloseTo(p.input, 12);
    }
  });

  it('OpenAI charges nothing extra to write its automatic cache', () => {
    for (const model of ['gpt-5.4', 'gpt-5.4-mini']) {
      expect(PRICES[model]!.cacheWrite).toBe(PRICES[model]!.input);
    }
  });
});

describe('callCost', () => {
  it('gpt-5.4: 10,000 in (4,000 cached), 2,000 out (500 reasoning) = $0.046', () => {
    // (6,000 x 2.50 + 4,000 x 0.25 + 2,000 x 15.00) / 1e6 = (15,000 + 1,000 + 30,000) / 1e6
    const cost = callCost(
      { input: 10_000, cached: 4_000, cacheWrite: 0, output: 2_000 },
      PRICES['gpt-5.4']!,
    );
    expect(cost).toBeCloseTo(0.046, 12);
  });

  it('claude-opus-5 with a cache write: 20,000 in (8,000 read, 2,000 written), 1,000 out = $0.0915', () => {
    // (10,000 x 5.00 + 8,000 x 0.50 + 2,000 x 6.25 + 1,000 x 25.00) / 1e6
    // = (50,000 + 4,000 + 12,500 + 25,000) / 1e6 = 0.0915
    const cost = callCost(
      { input: 20_000, cached: 8_000, cacheWrite: 2_000, output: 1_000 },
      PRICES['claude-opus-5']!,
    );
    expect(cost).toBeCloseTo(0.0915, 12);
  });

  it('gpt-5.4-mini: 1M uncached input and 1M output = $5.25', () => {
    const cost = callCost(
      { input: 1_000_000, cached: 0, cacheWrite: 0, output: 1_000_000 },
      PRICES['gpt-5.4-mini']!,
    );
    expect(cost).toBeCloseTo(5.25, 12);
  });

  it('is linear and never negative (property)', () => {
    const counts = fc.record({
      input: fc.integer({ min: 0, max: 1_000_000 }),
      cached: fc.integer({ min: 0, max: 1_000_000 }),
      cacheWrite: fc.integer({ min: 0, max: 1_000_000 }),
      output: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(counts, fc.constantFrom(...Object.keys(PRICES)), (u0, model) => {
        const u = { ...u0, input: u0.input + u0.cached + u0.cacheWrite };
        const p = PRICES[model]!;
        const cost = callCost(u, p);
        expect(cost).toBeGreaterThanOrEqual(0);
        const doubled = callCost(
          {
            input: 2 * u.input,
            cached: 2 * u.cached,
            cacheWrite: 2 * u.cacheWrite,
            output: 2 * u.output,
          },
          p,
        );
        expect(doubled).toBeCloseTo(2 * cost, 9);
        // Cache reads never cost more than the same tokens uncached.
        const uncached = callCost({ ...u, cached: 0 }, p);
        expect(cost).toBeLessThanOrEqual(uncached + 1e-12);
      }),
    );
  });
});

describe('priceTable', () => {
  it('an llm.prices row replaces a model row whole and adds new models', () => {
    const row = {
      input: 3,
      cachedInput: 0.3,
      cacheWrite: 3,
      output: 18,
      source: 'test',
      checked: '2026-11-01',
    };
    const table = priceTable({ 'gpt-5.4': row, 'my-model': row });
    expect(table['gpt-5.4']).toEqual(row);
    expect(table['my-model']).toEqual(row);
    expect(table['gpt-5.4-mini']).toEqual(PRICES['gpt-5.4-mini']);
    expect(PRICES['gpt-5.4']!.input).toBe(2.5);
  });
});
