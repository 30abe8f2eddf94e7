import { describe, expect, it } from 'vitest';
import { boardRows } from '../src/index.js';

const textOf = (metrics: Record<string, unknown>, label: string) =>
  boardRows(metrics).find((r) => r.label === label);

describe('boardRows: latency as the runner records it', () => {
  it("reads `latency` as the engine's own and `harness_overhead` beside it (what the runner writes)", () => {
    const metrics = {
      latency: { p50_ms: 180, p95_ms: 460 },
      harness_overhead: { p50_ms: 0.4, p95_ms: 1.2 },
    };
    expect(textOf(metrics, 'Engine latency')).toMatchObject({ text: 'p50 180 ms, p95 460 ms' });
    // Sub-millisecond figures keep two decimals rather than reading as 0 ms.
    expect(textOf(metrics, 'Harness overhead')).toMatchObject({
      text: 'p50 0.40 ms, p95 1.20 ms per case run',
    });
    expect(textOf(metrics, 'Latency')).toBeUndefined();
  });

  it("calls an older report's latency (no harness timing) the case run's latency, not the engine's", () => {
    const metrics = { latency: { p50_ms: 180, p95_ms: 460 } };
    expect(textOf(metrics, 'Latency')).toMatchObject({ text: 'p50 180 ms, p95 460 ms' });
    expect(textOf(metrics, 'Engine latency')).toBeUndefined();
    expect(textOf(metrics, 'Harness overhead')).toBeUndefined();
  });

  it('reads no field the runner does not write (engine_latency)', () => {
    const metrics = { engine_latency: { p50_ms: 1, p95_ms: 2 } };
    expect(boardRows(metrics).some((r) => /latency/i.test(r.label))).toBe(false);
  });
});
