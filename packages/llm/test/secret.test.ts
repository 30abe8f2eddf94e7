import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REDACTED, Secret } from '../src/secret.js';

describe('Secret', () => {
  it('hides the value from every way of printing it', () => {
    const s = new Secret('sk-abc');
    expect(String(s)).toBe(REDACTED);
    expect(`${s}`).toBe(REDACTED);
    expect(JSON.stringify({ s })).toBe(`{"s":"${REDACTED}"}`);
    expect(inspect({ s })).not.toContain('sk-abc');
    expect(Object.keys(s)).toEqual([]);
    expect(s.reveal()).toBe('sk-abc');
  });
});
