import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvalsFile } from '../src/evals-format.js';
import { parseProject } from '../src/load-project.js';
import { renderProjectYaml } from '../src/render-project.js';

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ minLength: 1 }).filter((s) => !s.includes('$'));

/** Any valid evals.yaml data over sqlite datasources (no env references, so read back as is). */
const evalsFile: fc.Arbitrary<EvalsFile> = fc.record(
  {
    version: fc.constant(1 as const),
    datasources: fc.dictionary(
      name,
      fc.record(
        {
          engine: fc.constant('sqlite' as const),
          path: text,
          timeout_ms: fc.integer({ min: 1, max: 100_000 }),
        },
        { requiredKeys: ['engine', 'path'] },
      ),
      { minKeys: 1, maxKeys: 3 },
    ),
    policy: fc.record({
      roles: fc.dictionary(name, fc.record({ tables: fc.uniqueArray(text, { maxLength: 3 }) }), {
        minKeys: 1,
        maxKeys: 3,
      }),
    }),
    suites: fc.uniqueArray(text, { minLength: 1, maxLength: 3 }),
    run: fc.record({ passes: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: ['version', 'datasources', 'suites'] },
);

describe('renderProjectYaml', () => {
  it('writes text the loader reads back to the same data', () => {
    fc.assert(
      fc.property(evalsFile, (file) => {
        const yaml = renderProjectYaml(file);
        const project = parseProject(yaml, '/p/evals.yaml', { env: {} });
        expect(project.datasources.map((d) => d.id)).toEqual(Object.keys(file.datasources));
        expect(project.suites.length).toBe(file.suites.length);
        expect(renderProjectYaml(file)).toBe(yaml);
      }),
    );
  });

  it('points editors to the schema and refuses data outside the format', () => {
    const file: EvalsFile = {
      version: 1,
      datasources: { shop: { engine: 'sqlite', path: 'shop.sqlite' } },
      suites: ['suites/shop.yaml'],
    };
    expect(renderProjectYaml(file)).toBe(
      [
        '# yaml-language-server: $schema=./node_modules/@nl2sql/cli/evals.schema.json',
        'version: 1',
        'datasources:',
        '  shop:',
        '    engine: sqlite',
        '    path: shop.sqlite',
        'suites:',
        '  - suites/shop.yaml',
        '',
      ].join('\n'),
    );
    expect(() => renderProjectYaml({ ...file, suites: [] })).toThrow(/not an evals.yaml: suites/);
  });
});
