// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are evals.yaml text holding ${env:VAR} references
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceEnvReferences } from '../src/env-references.js';

const replace = (data: unknown, env: Record<string, string | undefined> = {}) =>
  replaceEnvReferences(data, env);

const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);

describe('replaceEnvReferences', () => {
  it('replaces a reference anywhere in a string value, keys untouched', () => {
    const result = replace(
      { headers: { '${env:KEY}': 'Bearer ${env:TOKEN}!' }, list: ['${env:TOKEN}'], n: 3 },
      { TOKEN: 't0k', KEY: 'k' },
    );
    expect(result).toEqual({
      ok: true,
      value: { headers: { '${env:KEY}': 'Bearer t0k!' }, list: ['t0k'], n: 3 },
      secrets: ['t0k'],
    });
  });

  it('names a missing or empty variable, at the value, without any value', () => {
    const missing = replace({ a: { b: ['x', 'url ${env:DB_URL}'] } }, { OTHER: 'secret' });
    expect(missing).toEqual({
      ok: false,
      problem: { path: ['a', 'b', 1], message: 'the environment variable DB_URL is not set' },
    });
    const empty = replace({ a: '${env:DB_URL}' }, { DB_URL: '' });
    expect(empty).toMatchObject({
      ok: false,
      problem: { message: 'the environment variable DB_URL is empty' },
    });
  });

  it('refuses every other ${ and an unclosed one; $${ is a literal ${', () => {
    for (const text of [
      '${TOKEN}',
      '${env:}',
      '${env:1A}',
      '${ env:A }',
      '${env:A-B}',
      'a ${env:A',
    ]) {
      const result = replace({ v: text }, { A: 'x', TOKEN: 'y' });
      expect(result.ok, text).toBe(false);
    }
    expect(replace({ v: 'p$${env:A}q' }, { A: 'x' })).toEqual({
      ok: true,
      value: { v: 'p${env:A}q' },
      secrets: [],
    });
  });

  it('leaves a string without $ unchanged, and reads nothing', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('$')),
        (text) => {
          expect(replace([text], { A: 'x' })).toEqual({ ok: true, value: [text], secrets: [] });
        },
      ),
    );
  });

  it('puts the value in exactly, and never scans it again (a value may hold ${)', () => {
    fc.assert(
      fc.property(
        name,
        fc.string({ minLength: 1 }),
        fc.string().filter((s) => !s.includes('$')),
        fc.string().filter((s) => !s.includes('$')),
        (variable, value, before, after) => {
          const result = replace(
            { v: `${before}\${env:${variable}}${after}` },
            { [variable]: value },
          );
          expect(result).toEqual({
            ok: true,
            value: { v: `${before}${value}${after}` },
            secrets: [value],
          });
        },
      ),
    );
  });

  it('a missing variable is reported by name and no value of the environment appears', () => {
    fc.assert(
      fc.property(name, fc.dictionary(name, fc.string({ minLength: 8 })), (variable, env) => {
        const rest = Object.fromEntries(Object.entries(env).filter(([k]) => k !== variable));
        const result = replace({ v: `\${env:${variable}}` }, rest);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.problem.message).toContain(variable);
        for (const value of Object.values(rest)) {
          if (!variable.includes(value)) expect(result.problem.message).not.toContain(value);
        }
      }),
    );
  });
});
