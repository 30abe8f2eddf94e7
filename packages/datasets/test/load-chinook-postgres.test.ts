// The loader's checks before it touches a server; loading itself is tested against a real
// server in @nl2sql/datasource-postgres (test/chinook-postgres.integration.test.ts), which
// has one (this package depends on no other @nl2sql package).
import { describe, expect, it } from 'vitest';
import { chinookForTests } from '../src/chinook-for-tests.js';
import { ChinookLoadError } from '../src/chinook-load-error.js';
import { loadChinookPostgres } from '../src/load-chinook-postgres.js';

// The loader finds the Chinook file before it connects: without the file (a clone with no
// ../shared) the down-server case skips the documented way, with the reason printed.
const chinook = await chinookForTests();

describe('loadChinookPostgres: bad URLs', () => {
  it.each([
    ['not a url s3cret-pw', 'does not parse'],
    ['mysql://root:s3cret-pw@localhost/chinook', 'must start with postgres://'],
  ])('refuses %s with BAD_URL, repeating no password', async (url, said) => {
    const error = await loadChinookPostgres(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChinookLoadError);
    expect(error).toMatchObject({ code: 'BAD_URL', message: expect.stringContaining(said) });
    expect((error as Error).message).not.toContain('s3cret-pw');
  });

  it.skipIf(chinook.path === undefined)(
    'reports a server that is down as CONNECTION, naming it without the password',
    async () => {
      const error = await loadChinookPostgres('postgres://admin:s3cret-pw@127.0.0.1:1/postgres', {
        locate: { download: false },
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'CONNECTION' });
      expect((error as Error).message).toContain(
        'postgres://admin@127.0.0.1:1/postgres: could not connect',
      );
      expect((error as Error).message).not.toContain('s3cret-pw');
    },
  );
});
