import { describe, expect, it } from 'vitest';
import { readyOrClosed } from '../src/ready-or-closed.js';

function fakeDatasource() {
  const events: string[] = [];
  return {
    events,
    close: async () => {
      events.push('close');
    },
  };
}

describe('readyOrClosed', () => {
  it('hands back the datasource, open, once its checks pass', async () => {
    const datasource = fakeDatasource();
    const opened = await readyOrClosed(datasource, async (d) => {
      d.events.push('warm');
    });
    expect(opened).toBe(datasource);
    expect(datasource.events).toEqual(['warm']);
  });

  it('closes the datasource when a check fails, then rethrows that same error', async () => {
    const datasource = fakeDatasource();
    const refused = new Error('password authentication failed');
    await expect(
      readyOrClosed(datasource, async (d) => {
        d.events.push('warm');
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(datasource.events).toEqual(['warm', 'close']);
  });
});
