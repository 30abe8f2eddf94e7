import { describe, expect, test } from 'vitest';
import { closestCommand } from '../src/closest-command.js';

const paths = [['eval', 'run'], ['eval', 'gate'], ['suite', 'lint'], ['check']];

describe('closestCommand', () => {
  test('suggests the whole path for a typo in either word', () => {
    expect(closestCommand(['eval', 'rn'], paths)).toBe('eval run');
    expect(closestCommand(['evl', 'run'], paths)).toBe('eval run');
    expect(closestCommand(['suite', 'lnit'], paths)).toBe('suite lint');
    expect(closestCommand(['chek', 'SELECT 1'], paths)).toBe('check');
  });

  test('suggests nothing for a word far from every command', () => {
    expect(closestCommand(['frobnicate'], paths)).toBeUndefined();
    expect(closestCommand(['deploy', 'now'], paths)).toBeUndefined();
  });
});
