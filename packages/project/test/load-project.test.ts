// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are evals.yaml text holding ${env:VAR} references
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProject, parseProject } from '../src/load-project.js';
import { projectEngine } from '../src/project-engine.js';
import { ProjectError } from '../src/project-error.js';

const FULL = `version: 1
datasources:
  shop:
    engine: sqlite
    path: data/shop.sqlite
    timeout_ms: 2000
    max_rows: 500
  warehouse:
    engine: postgres
    url: \${env:WAREHOUSE_URL}
    roles:
      analyst: \${env:ANALYST_URL}
policy:
  refusal_message: I can't answer that with your access.
  roles:
    analyst:
      tables: [orders, customers]
suites: [suites/shop.yaml, /abs/other.yaml]
engines:
  reference: { kind: reference, llm: [gpt-4o-mini, configs/mine.yaml] }
  mine: { kind: http, url: 'http://127.0.0.1:8000', headers: { Authorization: 'Bearer \${env:MY_TOKEN}' }, ask_timeout_ms: 30000 }
  py: { kind: process, command: [python3, engine.py] }
default_engine: mine
gate: { max_regressions: 0, mcnemar_alpha: null, max_cost_increase: 0.1, max_executions_increase: 0.5, min_accuracy: 0.8, max_over_budget: 2, allow_partial: true }
run: { concurrency: 2, passes: 3, max_cost_usd: 5, ask_timeout_ms: 60000, budget_x: 5, budget_max: 100000 }
`;

const ENV = {
  WAREHOUSE_URL: 'postgres://owner:pw1@db/wh',
  ANALYST_URL: 'postgres://analyst:pw2@db/wh',
  MY_TOKEN: 'tok-3',
};

const MINIMAL =
  'version: 1\ndatasources:\n  shop: { engine: sqlite, path: shop.sqlite }\nsuites: [shop.yaml]\n';

/** The ProjectError `text` is refused with. */
function refusal(text: string, env: Record<string, string> = {}): ProjectError {
  try {
    parseProject(text, 'evals.yaml', { env });
  } catch (error) {
    if (error instanceof ProjectError) return error;
    throw error;
  }
  throw new Error('the project was accepted');
}

describe('parseProject', () => {
  it("reads a SQLite datasource's snapshots, paths absolute against the folder", () => {
    const text =
      'version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    path: shop.sqlite\n    snapshots:\n      - { name: march, path: snaps/march.sqlite }\n      - { name: april, path: /abs/april.sqlite }\nsuites: [a]\n';
    const [shop] = parseProject(text, '/work/proj/evals.yaml').datasources;
    expect(shop).toMatchObject({
      snapshots: [
        { name: 'march', path: '/work/proj/snaps/march.sqlite' },
        { name: 'april', path: '/abs/april.sqlite' },
      ],
    });
    expect(parseProject(MINIMAL, '/work/proj/evals.yaml').datasources[0]).not.toHaveProperty(
      'snapshots',
    );
  });

  it('reads a mysql datasource: its URL and role logins, as for postgres', () => {
    const text =
      'version: 1\ndatasources:\n  shop:\n    engine: mysql\n    url: ${env:SHOP_URL}\n    roles:\n      analyst: ${env:SHOP_ANALYST}\n    max_rows: 100\npolicy:\n  roles:\n    analyst: { tables: [orders] }\nsuites: [a.yaml]\n';
    const env = {
      SHOP_URL: 'mysql://owner:pw@db/shop',
      SHOP_ANALYST: 'mysql://analyst:pw2@db/shop',
    };
    expect(parseProject(text, '/p/evals.yaml', { env }).datasources).toEqual([
      {
        id: 'shop',
        engine: 'mysql',
        url: env.SHOP_URL,
        roles: { analyst: env.SHOP_ANALYST },
        maxRows: 100,
      },
    ]);
  });

  it('reads every key: camelCase, paths absolute against the folder, env replaced', () => {
    const project = parseProject(FULL, '/work/proj/evals.yaml', { env: ENV });
    expect(project).toEqual({
      file: '/work/proj/evals.yaml',
      dir: '/work/proj',
      secrets: ['postgres://owner:pw1@db/wh', 'postgres://analyst:pw2@db/wh', 'tok-3'],
      datasources: [
        {
          id: 'shop',
          engine: 'sqlite',
          path: '/work/proj/data/shop.sqlite',
          timeoutMs: 2000,
          maxRows: 500,
        },
        {
          id: 'warehouse',
          engine: 'postgres',
          url: ENV.WAREHOUSE_URL,
          roles: { analyst: ENV.ANALYST_URL },
        },
      ],
      policy: {
        roles: { analyst: { tables: ['orders', 'customers'] } },
        refusalMessage: "I can't answer that with your access.",
      },
      suites: ['/work/proj/suites/shop.yaml', '/abs/other.yaml'],
      engines: [
        { name: 'reference', kind: 'reference', llm: ['gpt-4o-mini', 'configs/mine.yaml'] },
        {
          name: 'mine',
          kind: 'http',
          url: 'http://127.0.0.1:8000',
          headers: { Authorization: 'Bearer tok-3' },
          askTimeoutMs: 30000,
        },
        { name: 'py', kind: 'process', command: ['python3', 'engine.py'], cwd: '/work/proj' },
      ],
      defaultEngine: 'mine',
      gate: {
        maxRegressions: 0,
        alpha: null,
        maxCostIncrease: 0.1,
        maxExecutionsIncrease: 0.5,
        minAccuracy: 0.8,
        maxOverBudget: 2,
        allowPartial: true,
      },
      run: {
        concurrency: 2,
        passes: 3,
        maxCostUsd: 5,
        askTimeoutMs: 60000,
        budgetX: 5,
        budgetMax: 100000,
      },
    });
  });

  it('reads a DuckDB datasource: its path against the folder, its limits, no logins', () => {
    const text =
      'version: 1\ndatasources:\n  lake:\n    engine: duckdb\n    path: data/chinook.duckdb\n    max_rows: 100\nsuites: [a]\n';
    expect(parseProject(text, '/p/evals.yaml', { env: {} }).datasources).toEqual([
      { id: 'lake', engine: 'duckdb', path: '/p/data/chinook.duckdb', maxRows: 100 },
    ]);
    expect(() =>
      parseProject(
        'version: 1\ndatasources:\n  lake:\n    engine: duckdb\n    path: x.duckdb\n    roles: { analyst: y }\nsuites: [a]\n',
        '/p/evals.yaml',
        { env: {} },
      ),
    ).toThrow(/datasources\.lake\.roles: unknown field 'roles'/);
  });

  it("carries a role's column lists into the policy", () => {
    const text = `${MINIMAL}policy:\n  roles:\n    support:\n      tables: [Customer, Invoice]\n      columns:\n        Customer: [CustomerId, FirstName]\n`;
    expect(parseProject(text, '/p/evals.yaml', { env: {} }).policy).toEqual({
      roles: {
        support: {
          tables: ['Customer', 'Invoice'],
          columns: { Customer: ['CustomerId', 'FirstName'] },
        },
      },
    });
  });

  it('leaves unset what the file does not set; engines default to the reference engine', () => {
    expect(parseProject(MINIMAL, '/p/evals.yaml', { env: {} })).toEqual({
      file: '/p/evals.yaml',
      dir: '/p',
      secrets: [],
      datasources: [{ id: 'shop', engine: 'sqlite', path: '/p/shop.sqlite' }],
      suites: ['/p/shop.yaml'],
      engines: [{ name: 'reference', kind: 'reference' }],
      gate: {},
      run: {},
    });
  });

  it('carries the checks policy (issue 25), and leaves it out when the file has none', () => {
    const text = `${MINIMAL}checks:\n  require_limit: false\n  max_limit: 5000\n  allowed_functions: [my_udf]\n  max_sql_bytes: 262144\n`;
    expect(parseProject(text, '/p/evals.yaml', { env: {} }).checks).toEqual({
      requireLimit: false,
      maxLimit: 5000,
      allowedFunctions: ['my_udf'],
      maxSqlBytes: 262144,
    });
    expect(parseProject(`${MINIMAL}checks: {}\n`, '/p/evals.yaml', { env: {} }).checks).toEqual({});
    expect(parseProject(MINIMAL, '/p/evals.yaml', { env: {} }).checks).toBeUndefined();
  });

  it.each([
    [
      'an unknown key in checks',
      `${MINIMAL}checks:\n  requires_limit: false\n`,
      6,
      "checks.requires_limit: unknown field 'requires_limit'",
    ],
    [
      'a max_sql_bytes of 0',
      `${MINIMAL}checks:\n  max_sql_bytes: 0\n`,
      6,
      'checks.max_sql_bytes: must be >= 1',
    ],
    ['an unknown top-level key', `${MINIMAL}gates: {}\n`, 5, "gates: unknown field 'gates'"],
    [
      'an unknown key in a datasource',
      'version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    path: x\n    time_out: 3\nsuites: [a]\n',
      6,
      "datasources.shop.time_out: unknown field 'time_out'",
    ],
    [
      'an unknown key in the gate',
      `${MINIMAL}gate:\n  max_regresions: 1\n`,
      6,
      "gate.max_regresions: unknown field 'max_regresions'",
    ],
    [
      'an unknown key in an engine',
      `${MINIMAL}engines:\n  e:\n    kind: http\n    url: http://x\n    timeout: 5\n`,
      9,
      "engines.e.timeout: unknown field 'timeout'",
    ],
    [
      'a column list for a table the role does not read',
      `${MINIMAL}policy:\n  roles:\n    a:\n      tables: [t]\n      columns:\n        u: [c]\n`,
      10,
      "policy.roles.a.columns.u: u is not in the role's tables; a column list narrows a table the role reads",
    ],
    [
      'an empty column list',
      `${MINIMAL}policy:\n  roles:\n    a:\n      tables: [t]\n      columns:\n        t: []\n`,
      10,
      'policy.roles.a.columns.t: must NOT have fewer than 1 items',
    ],
    [
      'a misspelt key (unknown, and the key it stands for missing)',
      'version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    file: x\nsuites: [a]\n',
      5,
      "datasources.shop.file: unknown field 'file' (allowed: engine, path, snapshots, timeout_ms, max_rows)",
    ],
    ['a wrong version', MINIMAL.replace('version: 1', 'version: 2'), 1, 'version: must be 1'],
    [
      'no version',
      MINIMAL.replace('version: 1\n', ''),
      1,
      "version: missing required field 'version'",
    ],
    [
      'an unknown datasource engine',
      MINIMAL.replace('engine: sqlite', 'engine: oracle'),
      3,
      'datasources.shop.engine: must be one of: sqlite, postgres, mysql, duckdb',
    ],
    [
      'an unknown engine kind',
      `${MINIMAL}engines:\n  e: { kind: grpc }\n`,
      6,
      'engines.e.kind: must be one of: reference, http, process',
    ],
    [
      'an http engine without an http URL',
      `${MINIMAL}engines:\n  e: { kind: http, url: 'ftp://x' }\n`,
      6,
      'engines.e.url: must match pattern "^https?://"',
    ],
    [
      'a sqlite datasource without a path',
      'version: 1\ndatasources:\n  shop:\n    engine: sqlite\nsuites: [a]\n',
      3,
      "datasources.shop.path: missing required field 'path'",
    ],
    [
      'no datasources',
      'version: 1\ndatasources: {}\nsuites: [a]\n',
      2,
      'datasources: must not be empty',
    ],
    [
      'a wrong type',
      `${MINIMAL}run:\n  concurrency: four\n`,
      6,
      'run.concurrency: must be integer; got string',
    ],
    ['passes above the limit', `${MINIMAL}run:\n  passes: 101\n`, 6, 'run.passes: must be <= 100'],
    [
      'an alpha of 1',
      `${MINIMAL}gate: { mcnemar_alpha: 1 }\n`,
      5,
      'gate.mcnemar_alpha: must be < 1',
    ],
    [
      'a name outside the alphabet',
      'version: 1\ndatasources:\n  "my shop": { engine: sqlite, path: x }\nsuites: [a]\n',
      3,
      'datasources.my shop: a name must start',
    ],
    [
      'a default engine that names nothing',
      `${MINIMAL}default_engine: fast\n`,
      5,
      'default_engine: names no engine (engines: reference)',
    ],
    [
      'a mysql login for a role the policy lacks',
      'version: 1\ndatasources:\n  w:\n    engine: mysql\n    url: mysql://x\n    roles:\n      ghost: mysql://y\npolicy:\n  roles:\n    analyst: { tables: [t] }\nsuites: [a]\n',
      7,
      'datasources.w.roles.ghost: names no policy role (roles: analyst)',
    ],
    [
      'a postgres login for a role the policy lacks',
      'version: 1\ndatasources:\n  w:\n    engine: postgres\n    url: postgres://x\n    roles:\n      ghost: postgres://y\npolicy:\n  roles:\n    analyst: { tables: [t] }\nsuites: [a]\n',
      7,
      'datasources.w.roles.ghost: names no policy role (roles: analyst)',
    ],
    [
      'two snapshots of one name',
      'version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    path: shop.sqlite\n    snapshots:\n      - { name: march, path: m.sqlite }\n      - { name: march, path: m2.sqlite }\nsuites: [a]\n',
      8,
      'datasources.shop.snapshots[1].name: march names two snapshots of shop; names are unique',
    ],
    [
      'a snapshot with an unknown key',
      'version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    path: shop.sqlite\n    snapshots:\n      - { name: march, file: m.sqlite }\nsuites: [a]\n',
      7,
      'datasources.shop.snapshots[0].file: unknown field',
    ],
    ['a YAML syntax error', 'version: 1\ndatasources: [\n', 3, 'evals.yaml:3: '],
    ['a duplicate key', `${MINIMAL}suites: [b]\n`, 5, 'Map keys must be unique'],
    [
      'an alias',
      'version: 1\ndatasources:\n  a: &x { engine: sqlite, path: x }\n  b: *x\nsuites: [a]\n',
      4,
      'YAML alias *x is not allowed',
    ],
  ])('refuses %s, located by line and path', (_, text, line, message) => {
    const error = refusal(text);
    expect(error.line).toBe(line);
    expect(error.message.startsWith(`evals.yaml:${line}: `)).toBe(true);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('\n');
  });

  it('refuses an empty file', () => {
    expect(refusal('').message).toBe(
      'evals.yaml: the file is empty; a project needs at least version, datasources and suites',
    );
  });

  it("names a missing variable at its line when the section is used: an engine's when the engine is", () => {
    // Issue 26: an engine's variable no longer blocks the commands that do not use it.
    const env = { WAREHOUSE_URL: ENV.WAREHOUSE_URL, ANALYST_URL: ENV.ANALYST_URL };
    const project = parseProject(FULL, 'evals.yaml', { env });
    expect(project.secrets).not.toContain(ENV.MY_TOKEN);
    let error: unknown;
    try {
      projectEngine(project, 'mine');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProjectError);
    expect((error as ProjectError).code).toBe('PROJECT_ENV');
    expect((error as ProjectError).message).toBe(
      'evals.yaml:21: engines.mine.headers.Authorization: the environment variable MY_TOKEN is not set',
    );
    // A datasource's variable is every suite command's: still an error on loading.
    expect(refusal(FULL, { ANALYST_URL: ENV.ANALYST_URL, MY_TOKEN: 't' }).message).toMatch(
      /^evals\.yaml:\d+: datasources\.warehouse\.url: the environment variable WAREHOUSE_URL is not set$/,
    );
  });

  it('still refuses a malformed reference in an engine on loading (it is wrong whoever reads it)', () => {
    const text = `${MINIMAL}engines:\n  e: { kind: http, url: 'http://x', headers: { A: '\${TOKEN}' } }\n`;
    expect(refusal(text).code).toBe('PROJECT_ENV');
  });

  it('never prints a value from the environment in a format error', () => {
    // The variable is set but its value breaks the format: the message says how, not what.
    fc.assert(
      fc.property(
        fc.string({ minLength: 6 }).filter((s) => !/^https?:\/\//.test(s)),
        (value) => {
          const text = `${MINIMAL}engines:\n  e: { kind: http, url: '\${env:URL}' }\n`;
          const error = refusal(text, { URL: value });
          expect(error.message).toBe(
            'evals.yaml:6: engines.e.url: must match pattern "^https?://"',
          );
        },
      ),
    );
    const error = refusal(MINIMAL.replace('engine: sqlite', 'engine: ${env:KIND}'), {
      KIND: 'secret-kind',
    });
    expect(error.message).not.toContain('secret-kind');
  });
});

describe('loadProject', () => {
  it('reads a file, resolving paths against its folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'project-'));
    await writeFile(join(dir, 'evals.yaml'), MINIMAL);
    const project = await loadProject(join(dir, 'evals.yaml'), { env: {} });
    expect(project.datasources[0]).toMatchObject({ path: join(dir, 'shop.sqlite') });
    expect(project.suites).toEqual([join(dir, 'shop.yaml')]);
  });

  it('says why a file cannot be read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'project-'));
    await expect(loadProject(join(dir, 'evals.yaml'))).rejects.toThrow(
      `${join(dir, 'evals.yaml')}: cannot read the project file: no such file`,
    );
    await mkdir(join(dir, 'sub.yaml'));
    await expect(loadProject(join(dir, 'sub.yaml'))).rejects.toMatchObject({
      code: 'PROJECT_READ',
      message: `${join(dir, 'sub.yaml')}: cannot read the project file: it is a directory`,
    });
  });
});

describe('projectEngine', () => {
  it('picks the named engine, the default one, or the only one', () => {
    const project = parseProject(FULL, '/p/evals.yaml', { env: ENV });
    expect(projectEngine(project, 'py')).toMatchObject({ name: 'py', kind: 'process' });
    expect(projectEngine(project)).toMatchObject({ name: 'mine', kind: 'http' });
    expect(projectEngine(parseProject(MINIMAL, '/p/evals.yaml', { env: {} }))).toEqual({
      name: 'reference',
      kind: 'reference',
    });
  });

  it('names the engines there are, located at engines', () => {
    const project = parseProject(FULL, '/p/evals.yaml', { env: ENV });
    expect(() => projectEngine(project, 'fast')).toThrow(
      new ProjectError('PROJECT_REFERENCE', 'no engine named fast (engines: reference, mine, py)', {
        file: '/p/evals.yaml',
        line: 19,
        path: ['engines'],
      }),
    );
    const two = parseProject(
      `${MINIMAL}engines:\n  a: { kind: reference }\n  b: { kind: http, url: 'http://x' }\n`,
      '/p/evals.yaml',
      { env: {} },
    );
    expect(() => projectEngine(two)).toThrow(
      '/p/evals.yaml:5: engines: several engines and no default_engine: name one (engines: a, b)',
    );
  });
});
