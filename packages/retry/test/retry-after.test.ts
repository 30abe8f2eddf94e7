import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../src/retry-after.js';

describe('parseRetryAfter', () => {
  it('reads seconds, fractional seconds, retry-after-ms and HTTP dates', () => {
    expect(parseRetryAfter({ 'retry-after': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '0.25' })).toBe(250);
    expect(parseRetryAfter({ 'retry-after-ms': '120', 'retry-after': '9' })).toBe(120);
    const now = Date.parse('2026-11-29T20:00:00Z');
    expect(parseRetryAfter({ 'retry-after': 'Sun, 29 Nov 2026 20:00:05 GMT' }, now)).toBe(5000);
    expect(parseRetryAfter({ 'retry-after': 'Sun, 29 Nov 2026 19:00:00 GMT' }, now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter({})).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': 'soon' })).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': '' })).toBeUndefined();
  });
});
