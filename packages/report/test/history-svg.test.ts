import { createRecord, type RunRecord } from '@nl2sql/records';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { historyPanels, renderHistorySvg } from '../src/index.js';
import { HOSTILE_TEXTS } from './hostile-text.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

let chinook: Chinook;
let records: RunRecord[];

/** Records of three configs over several days, one of them a retrieval-free plans series. */
function recordsOverTime(): RunRecord[] {
  const out: RunRecord[] = [];
  for (let day = 1; day <= 6; day++) {
    const configs = day % 2 === 0 ? ['plans', 'gpt'] : ['plans'];
    const saved = syntheticSavedReport(chinook, {
      configs,
      fails: (c, i) => (i + day + c) % (3 + day) === 0,
      startedAt: `2026-11-0${day}T09:00:00.000Z`,
      commit: `${day}`.repeat(40),
    });
    out.push(...(saved.records as RunRecord[]));
  }
  return out;
}

beforeAll(async () => {
  chinook = await chinookSuite();
  records = recordsOverTime();
});

describe('renderHistorySvg', () => {
  it('draws one point per record, its date and commit in the point title', () => {
    const svg = renderHistorySvg(records);
    const points = svg.match(/<g class="point"/g) ?? [];
    expect(points).toHaveLength(records.length);
    for (const r of records) {
      expect(svg).toContain(
        `${r.recorded_at.slice(0, 10)}, commit ${r.git_commit.slice(0, 7)}: ${r.config.name}: strict`,
      );
    }
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('is byte-identical for the same records in any order, and reads no clock', () => {
    const first = renderHistorySvg(records);
    fc.assert(
      fc.property(fc.shuffledSubarray(records, { minLength: records.length }), (shuffled) => {
        expect(renderHistorySvg(shuffled)).toBe(first);
      }),
      { numRuns: 20 },
    );
    vi.useFakeTimers({ now: new Date('2031-01-01T00:00:00Z') });
    try {
      expect(renderHistorySvg(records)).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('breaks a line where the suite changed, and says so', () => {
    const moved = records.map((r, i) =>
      i < 3 ? r : ({ ...r, dataset: { ...r.dataset, digest: 'f'.repeat(64) } } as RunRecord),
    );
    const panel = historyPanels(moved)[0]!;
    const plans = panel.series.find((s) => s.name === 'plans')!;
    expect(plans.points.filter((p) => p.breaksSeries)).toHaveLength(1);
    expect(renderHistorySvg(moved)).toContain('class="series-break"');
  });

  it('escapes config names and notes', () => {
    for (const text of HOSTILE_TEXTS) {
      const r = records[0]!;
      const hostile = createRecord({
        kind: 'plans',
        engineVersion: '0.0.0',
        note: text,
        dataset: r.dataset,
        database: r.database,
        config: { name: text, nodes: {} },
        metrics: r.metrics,
        scoreboard: r.scoreboard,
        git: { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null },
        recordedAt: new Date('2026-12-01T00:00:00Z'),
      });
      const svg = renderHistorySvg([hostile]);
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('<img');
      expect(svg).not.toMatch(/<!--(?! Generated)/);
    }
  });

  it('says so when there are no records', () => {
    expect(renderHistorySvg([])).toContain('No runs recorded yet.');
  });
});
