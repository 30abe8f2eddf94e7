import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embeddingsBody, embeddingsUsage, parseEmbeddings } from '../src/embeddings-wire.js';

describe('embeddingsBody', () => {
  it('sends the node model and the texts as input', () => {
    const node = { provider: 'openai' as const, model: 'text-embedding-3-small', temperature: 0 };
    expect(embeddingsBody(node, ['a', 'b'])).toEqual({
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
    });
  });
});

describe('parseEmbeddings', () => {
  it('puts vectors back in input order by index and reads prompt_tokens', () => {
    const reply = parseEmbeddings(
      {
        model: 'text-embedding-3-small',
        data: [
          { index: 1, embedding: [0, 1] },
          { index: 0, embedding: [1, 0] },
        ],
        usage: { prompt_tokens: 7, total_tokens: 7 },
      },
      2,
    );
    expect(reply.vectors).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(reply.usage).toEqual({ input: 7, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 });
    expect(reply.modelEchoed).toBe('text-embedding-3-small');
  });

  it('any permutation of indices reads back the same vectors', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
            minLength: 1,
            maxLength: 4,
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.infiniteStream(fc.nat()),
        (vectors, noise) => {
          const order = vectors.map((_, i) => i);
          const random = noise[Symbol.iterator]();
          for (let i = order.length - 1; i > 0; i--) {
            const j = (random.next().value as number) % (i + 1);
            [order[i], order[j]] = [order[j] as number, order[i] as number];
          }
          const data = order.map((i) => ({ index: i, embedding: vectors[i] }));
          expect(parseEmbeddings({ data }, vectors.length).vectors).toEqual(vectors);
        },
      ),
    );
  });

  it('refuses every reply that is not one numeric vector per input', () => {
    const bad: Array<[unknown, RegExp]> = [
      [null, /not an object/],
      [{}, /no data list/],
      [{ data: [{ index: 0, embedding: [1] }] }, /expected 2 vectors in data, got 1/],
      [
        {
          data: [
            { index: 0, embedding: [1] },
            { index: 0, embedding: [2] },
          ],
        },
        /index 0 twice/,
      ],
      [
        {
          data: [
            { index: 0, embedding: [1] },
            { index: 5, embedding: [2] },
          ],
        },
        /index is 5/,
      ],
      [
        {
          data: [
            { index: 0, embedding: [1] },
            { index: 1, embedding: ['x'] },
          ],
        },
        /data\[1\] has no numeric embedding/,
      ],
      [
        {
          data: [
            { index: 0, embedding: [] },
            { index: 1, embedding: [1] },
          ],
        },
        /data\[0\] has no numeric embedding/,
      ],
    ];
    for (const [json, message] of bad) expect(() => parseEmbeddings(json, 2)).toThrow(message);
  });

  it('counts no token a reply does not report', () => {
    expect(embeddingsUsage(undefined).input).toBe(0);
    expect(embeddingsUsage({ prompt_tokens: -3 }).input).toBe(0);
  });
});
