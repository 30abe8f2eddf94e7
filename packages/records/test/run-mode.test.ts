import { describe, expect, it } from 'vitest';
import { recordSchema } from '../src/record-schema.js';
import { isMode, RECORD_KINDS, RUN_MODES } from '../src/run-mode.js';

describe('RUN_MODES', () => {
  it('lists the three modes once, the kinds add engine, and the record schema takes exactly the kinds', () => {
    expect(RUN_MODES).toEqual(['plans', 'full', 'retrieval']);
    expect(RECORD_KINDS).toEqual(['plans', 'full', 'retrieval', 'engine']);
    const kind = recordSchema.properties.kind;
    expect([...kind.enum].sort()).toEqual([...RECORD_KINDS].sort());
  });

  it('isMode accepts exactly the modes', () => {
    for (const mode of RUN_MODES) expect(isMode(mode)).toBe(true);
    for (const other of ['tier2', 'FULL', '', undefined, 3, 'toString']) {
      expect(isMode(other)).toBe(false);
    }
  });
});
