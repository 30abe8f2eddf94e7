import { describe, expect, it } from 'vitest';
import { recordSchema } from '../src/record-schema.js';
import { isMode, RUN_MODES } from '../src/run-mode.js';

describe('RUN_MODES', () => {
  it('lists the three modes once, in page order, and the record schema takes exactly them', () => {
    expect(RUN_MODES).toEqual(['plans', 'full', 'retrieval']);
    const kind = recordSchema.properties.kind;
    expect([...kind.enum].sort()).toEqual([...RUN_MODES].sort());
  });

  it('isMode accepts exactly the modes', () => {
    for (const mode of RUN_MODES) expect(isMode(mode)).toBe(true);
    for (const other of ['tier2', 'FULL', '', undefined, 3, 'toString']) {
      expect(isMode(other)).toBe(false);
    }
  });
});
