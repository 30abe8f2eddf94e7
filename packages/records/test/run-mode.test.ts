import { describe, expect, it } from 'vitest';
import { recordSchema } from '../src/record.js';
import { isMode, RECORD_KINDS, RUN_MODES } from '../src/run-mode.js';

// biome-ignore lint/suspicious/noExplicitAny: the test reads into the published document
type Loose = any;

describe('RUN_MODES', () => {
  it('lists the three modes once, the kinds add engine, and the record schema takes exactly the kinds and modes', () => {
    expect(RUN_MODES).toEqual(['plans', 'full', 'retrieval']);
    expect(RECORD_KINDS).toEqual(['plans', 'full', 'retrieval', 'engine']);
    const schema = recordSchema as Loose;
    expect(schema.properties.kind.enum).toEqual([...RECORD_KINDS]);
    expect(schema.$defs.settings.properties.mode.enum).toEqual([...RUN_MODES]);
  });

  it('isMode accepts exactly the modes', () => {
    for (const mode of RUN_MODES) expect(isMode(mode)).toBe(true);
    for (const other of ['tier2', 'FULL', '', undefined, 3, 'toString']) {
      expect(isMode(other)).toBe(false);
    }
  });
});
