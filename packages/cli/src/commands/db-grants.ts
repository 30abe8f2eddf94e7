import type { Command } from '../command.js';
import { serverUrlFlag } from '../url-flag.js';

export const dbGrants: Command = {
  path: ['db', 'grants'],
  summary:
    'Print (or apply) the PostgreSQL or MySQL grants that give each policy role its own read-only login',
  description: [
    'Prints the SQL that creates one login per access-policy role with SELECT on exactly its',
    'tables, REVOKE ALL elsewhere (the public schema and PUBLIC included), no memberships, and',
    'the session settings pinned with ALTER ROLE ... SET (read-only transactions, timeouts,',
    'temp and work memory). One transaction; running it twice is harmless. A DBA can review it.',
    'With --apply it is run as the administrator the URL names instead (passwords from the',
    "project's role URLs are set then, and never printed).",
    'With --engine mysql: CREATE USER, REVOKE ALL PRIVILEGES and GRANT SELECT on exactly the',
    "role's tables (or columns) of the database, for MySQL or MariaDB, one statement per line.",
  ].join('\n'),
  arguments: [],
  options: [
    {
      name: 'engine',
      value: 'ENGINE',
      choices: ['postgres', 'mysql'],
      description:
        'the database the grants are for (postgres, the default; mysql: MySQL or MariaDB)',
    },
    {
      name: 'policy',
      value: 'FILE',
      description:
        'evals.yaml (its policy, and the logins of its postgres, or with --engine mysql its mysql, datasource roles), or an access policy JSON {"roles": {"NAME": {"tables": [...]}}} (default: the Chinook policy)',
    },
    {
      name: 'database',
      value: 'NAME',
      description:
        "the database the logins may read (default: the project's datasource's of that engine, else --apply URL's, else chinook)",
    },
    {
      name: 'apply',
      value: 'URL',
      parse: serverUrlFlag,
      description:
        'postgres://admin:password@host:port/database (mysql://... with --engine mysql): run the grants there as that administrator instead of printing them',
    },
  ],
  exitCodes: {
    0: 'grants printed (or applied)',
    2: 'usage',
    3: 'policy unreadable; wrong URL, refused password or server down for --apply (one line, never the password)',
  },
  load: () => import('../actions/db-grants.js').then((m) => m.runDbGrants),
};
