// Reading evals.yaml: YAML (with lines) -> names -> `${env:VAR}` -> the evals.yaml format ->
// cross-references -> Project (paths absolute against the file's folder, camelCase). The
// first problem found is thrown as a ProjectError located `evals.yaml:LINE: path: message`.
// No message carries a value: a value may have come from the environment.

import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  DEFAULT_PHRASING,
  type FieldPath,
  type IssuePhrasing,
  mostSpecificIssue,
} from '@nl2sql/format';
import { type Alias, LineCounter, parseDocument, visit } from 'yaml';
import { replaceEnvReferences } from './env-references.js';
import { EVALS_FORMAT, type EvalsFile, NAME_PATTERN } from './evals-format.js';
import { lineOf } from './key-lines.js';
import type { DatasourceConfig, EngineConfig, Project } from './project.js';
import { ProjectError } from './project-error.js';
import { rememberPlaces } from './project-places.js';

/** The file name `findProject` looks for and `nl2sql init` writes. */
export const PROJECT_FILE = 'evals.yaml';

/** A project file larger than this is refused before it is parsed: 1 MiB. */
export const PROJECT_MAX_BYTES = 1024 * 1024;

export interface LoadProjectOptions {
  /** Where `${env:VAR}` is read from. Default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The default wording, without the value found (it may be a secret from the environment). */
const PROJECT_PHRASING: IssuePhrasing = {
  ...DEFAULT_PHRASING,
  other: (keyword, message) =>
    keyword === 'minProperties' ? 'must not be empty' : DEFAULT_PHRASING.other(keyword, message),
  enum: (allowed) => `must be one of: ${allowed.map(show).join(', ')}`,
  const: (allowed) => `must be ${show(allowed)}`,
  discriminator: (property, kinds, value) =>
    value === undefined
      ? `missing required field '${property}' (one of: ${kinds.join(', ')})`
      : `must be one of: ${kinds.join(', ')}`,
};

// The maps whose keys are names a user chooses.
const NAMED_MAPS: readonly FieldPath[] = [['datasources'], ['engines'], ['policy', 'roles']];
const NAME = new RegExp(NAME_PATTERN);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function getIn(data: unknown, path: FieldPath): unknown {
  let node = data;
  for (const segment of path) node = isRecord(node) ? node[segment as string] : undefined;
  return node;
}

/** The first badly formed name, as a path to its key. */
function badName(data: unknown): FieldPath | undefined {
  for (const map of NAMED_MAPS) {
    const node = getIn(data, map);
    if (!isRecord(node)) continue;
    for (const key of Object.keys(node)) if (!NAME.test(key)) return [...map, key];
  }
  const datasources = getIn(data, ['datasources']);
  if (isRecord(datasources)) {
    for (const [id, source] of Object.entries(datasources)) {
      const roles = getIn(source, ['roles']);
      if (isRecord(roles))
        for (const key of Object.keys(roles))
          if (!NAME.test(key)) return ['datasources', id, 'roles', key];
    }
  }
  return undefined;
}

/** Names that must name something the file defines. */
function danglingReference(file: EvalsFile): { path: FieldPath; message: string } | undefined {
  const engines = Object.keys(file.engines ?? { reference: {} });
  if (file.default_engine !== undefined && !engines.includes(file.default_engine)) {
    return {
      path: ['default_engine'],
      message: `names no engine (engines: ${engines.join(', ')})`,
    };
  }
  for (const [role, access] of Object.entries(file.policy?.roles ?? {})) {
    const read = new Set(access.tables.map((t) => t.toLowerCase()));
    for (const table of Object.keys(access.columns ?? {})) {
      if (!read.has(table.toLowerCase())) {
        return {
          path: ['policy', 'roles', role, 'columns', table],
          message: `${table} is not in the role's tables; a column list narrows a table the role reads`,
        };
      }
    }
  }
  for (const [id, source] of Object.entries(file.datasources)) {
    if (source.engine !== 'sqlite') continue;
    const seen = new Set<string>();
    for (const [i, snapshot] of (source.snapshots ?? []).entries()) {
      if (seen.has(snapshot.name))
        return {
          path: ['datasources', id, 'snapshots', i, 'name'],
          message: `${snapshot.name} names two snapshots of ${id}; names are unique`,
        };
      seen.add(snapshot.name);
    }
  }
  const roles = Object.keys(file.policy?.roles ?? {});
  for (const [id, source] of Object.entries(file.datasources)) {
    if (source.engine === 'sqlite' || source.engine === 'duckdb') continue;
    for (const role of Object.keys(source.roles ?? {})) {
      if (!roles.includes(role)) {
        return {
          path: ['datasources', id, 'roles', role],
          message:
            roles.length === 0
              ? 'a role login needs a policy naming the role (there is no policy)'
              : `names no policy role (roles: ${roles.join(', ')})`,
        };
      }
    }
  }
  return undefined;
}

const inDir = (dir: string, path: string) => (isAbsolute(path) ? path : resolve(dir, path));

/** The Project of a checked file. */
function toProject(file: EvalsFile, path: string, secrets: readonly string[]): Project {
  const dir = dirname(path);
  const datasources: DatasourceConfig[] = Object.entries(file.datasources).map(([id, source]) => {
    const limits = {
      ...(source.timeout_ms !== undefined ? { timeoutMs: source.timeout_ms } : {}),
      ...(source.max_rows !== undefined ? { maxRows: source.max_rows } : {}),
    };
    if (source.engine === 'sqlite') {
      const snapshots = source.snapshots?.map((snap) => ({
        name: snap.name,
        path: inDir(dir, snap.path),
      }));
      return {
        id,
        engine: 'sqlite',
        path: inDir(dir, source.path),
        ...(snapshots ? { snapshots } : {}),
        ...limits,
      };
    }
    if (source.engine === 'duckdb')
      return { id, engine: 'duckdb', path: inDir(dir, source.path), ...limits };
    return {
      id,
      engine: source.engine,
      url: source.url,
      ...(source.roles ? { roles: { ...source.roles } } : {}),
      ...limits,
    };
  });
  const entries = Object.entries(file.engines ?? { reference: { kind: 'reference' as const } });
  const engines: EngineConfig[] = entries.map(([name, engine]): EngineConfig => {
    if (engine.kind === 'reference')
      return { name, kind: 'reference', ...(engine.llm ? { llm: [...engine.llm] } : {}) };
    if (engine.kind === 'http')
      return {
        name,
        kind: 'http',
        url: engine.url,
        headers: { ...(engine.headers ?? {}) },
        ...(engine.ask_timeout_ms !== undefined ? { askTimeoutMs: engine.ask_timeout_ms } : {}),
        ...(engine.trust_reported_rows === true ? { trustReportedRows: true } : {}),
      };
    return {
      name,
      kind: 'process',
      command: [...engine.command],
      cwd: dir,
      ...(engine.ask_timeout_ms !== undefined ? { askTimeoutMs: engine.ask_timeout_ms } : {}),
      ...(engine.trust_reported_rows === true ? { trustReportedRows: true } : {}),
    };
  });
  const { gate = {}, run = {}, policy, checks } = file;
  return {
    file: path,
    dir,
    secrets,
    datasources,
    ...(policy
      ? {
          policy: {
            roles: Object.fromEntries(
              Object.entries(policy.roles).map(([role, access]) => [
                role,
                {
                  tables: [...access.tables],
                  ...(access.columns
                    ? {
                        columns: Object.fromEntries(
                          Object.entries(access.columns).map(([t, cols]) => [t, [...cols]]),
                        ),
                      }
                    : {}),
                },
              ]),
            ),
            ...(policy.refusal_message !== undefined
              ? { refusalMessage: policy.refusal_message }
              : {}),
          },
        }
      : {}),
    suites: file.suites.map((suite) => inDir(dir, suite)),
    engines,
    ...(file.default_engine !== undefined ? { defaultEngine: file.default_engine } : {}),
    gate: {
      ...(gate.max_regressions !== undefined ? { maxRegressions: gate.max_regressions } : {}),
      ...(gate.mcnemar_alpha !== undefined ? { alpha: gate.mcnemar_alpha } : {}),
      ...(gate.max_cost_increase !== undefined ? { maxCostIncrease: gate.max_cost_increase } : {}),
      ...(gate.max_executions_increase !== undefined
        ? { maxExecutionsIncrease: gate.max_executions_increase }
        : {}),
      ...(gate.min_accuracy !== undefined ? { minAccuracy: gate.min_accuracy } : {}),
      ...(gate.max_over_budget !== undefined ? { maxOverBudget: gate.max_over_budget } : {}),
      ...(gate.allow_partial !== undefined ? { allowPartial: gate.allow_partial } : {}),
    },
    run: {
      ...(run.concurrency !== undefined ? { concurrency: run.concurrency } : {}),
      ...(run.passes !== undefined ? { passes: run.passes } : {}),
      ...(run.max_cost_usd !== undefined ? { maxCostUsd: run.max_cost_usd } : {}),
      ...(run.ask_timeout_ms !== undefined ? { askTimeoutMs: run.ask_timeout_ms } : {}),
      ...(run.budget_x !== undefined ? { budgetX: run.budget_x } : {}),
      ...(run.budget_max !== undefined ? { budgetMax: run.budget_max } : {}),
    },
    ...(checks
      ? {
          checks: {
            ...(checks.require_limit !== undefined ? { requireLimit: checks.require_limit } : {}),
            ...(checks.max_limit !== undefined ? { maxLimit: checks.max_limit } : {}),
            ...(checks.allowed_functions !== undefined
              ? { allowedFunctions: [...checks.allowed_functions] }
              : {}),
            ...(checks.max_sql_bytes !== undefined ? { maxSqlBytes: checks.max_sql_bytes } : {}),
          },
        }
      : {}),
  };
}

/**
 * Parses evals.yaml text. `path` is the file's path: relative paths in it are resolved
 * against its folder, and errors are located by it (as given). Throws ProjectError.
 */
export function parseProject(
  text: string,
  path: string,
  options: LoadProjectOptions = {},
): Project {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    throw new ProjectError('PROJECT_YAML', syntax.message.split('\n')[0] ?? 'invalid YAML', {
      file: path,
      line: lineCounter.linePos(syntax.pos[0]).line,
    });
  }
  let alias: Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      alias = node;
      return visit.BREAK;
    },
  });
  if (alias) {
    const found = alias as Alias;
    throw new ProjectError(
      'PROJECT_YAML',
      `YAML alias *${found.source} is not allowed in evals.yaml: write the value out`,
      {
        file: path,
        ...(found.range ? { line: lineCounter.linePos(found.range[0]).line } : {}),
      },
    );
  }
  const raw: unknown = doc.toJS();
  if (raw === null || raw === undefined) {
    throw new ProjectError(
      'PROJECT_SCHEMA',
      'the file is empty; a project needs at least version, datasources and suites',
      { file: path },
    );
  }
  const at = (fieldPath: FieldPath) => {
    const line = lineOf(doc, lineCounter, fieldPath);
    return { file: path, path: fieldPath, ...(line !== undefined ? { line } : {}) };
  };
  const name = badName(raw);
  if (name) {
    throw new ProjectError(
      'PROJECT_SCHEMA',
      'a name must start with a letter or digit and hold only letters, digits, _ . and -',
      at(name),
    );
  }
  // An engine's variables are read when a command uses that engine (projectEngine): a
  // token of one engine must not block `suite lint` or a run of another one.
  const replaced = replaceEnvReferences(raw, options.env ?? process.env, {
    defer: (fieldPath) => fieldPath[0] === 'engines' && fieldPath.length > 2,
  });
  if (!replaced.ok) {
    throw new ProjectError('PROJECT_ENV', replaced.problem.message, at(replaced.problem.path));
  }
  const data = replaced.value;
  // A value still written as a reference is checked when it is read, not against its pattern.
  const deferred = replaced.deferred ?? [];
  const waiting = deferred.map((d) => d.path.join('\u0000'));
  const checked = (path: FieldPath) => !waiting.includes(path.join('\u0000'));
  const issuesOf = () =>
    EVALS_FORMAT.issues(data, PROJECT_PHRASING).filter((issue) => checked(issue.path));
  if (!EVALS_FORMAT.check(data) && issuesOf().length > 0) {
    const issues = issuesOf();
    // Of the deepest problems an unknown key comes first: `file:` written for `path:` is
    // both, and "unknown field 'file'" is the one that says what to change.
    const deepest = mostSpecificIssue(issues);
    const issue =
      issues.find(
        (i) => i.keyword === 'additionalProperties' && i.path.length === deepest?.path.length,
      ) ?? deepest;
    if (!issue) throw new Error('the evals.yaml validator rejected a file without saying why');
    throw new ProjectError('PROJECT_SCHEMA', issue.message, at(issue.path));
  }
  // Checked above, but for the values that are still references.
  const file = data as EvalsFile;
  const dangling = danglingReference(file);
  if (dangling) throw new ProjectError('PROJECT_REFERENCE', dangling.message, at(dangling.path));
  const unresolved = Object.fromEntries(
    [...deferred]
      .reverse()
      .map((d) => [String(d.path[1]), new ProjectError('PROJECT_ENV', d.message, at(d.path))]),
  );
  const project: Project = {
    ...toProject(file, resolve(path), replaced.secrets),
    ...(deferred.length > 0 ? { unresolvedEngines: unresolved } : {}),
  };
  rememberPlaces(project, (fieldPath) => lineOf(doc, lineCounter, fieldPath));
  return project;
}

/** Reads and checks an evals.yaml file. Throws ProjectError. */
export async function loadProject(
  path: string,
  options: LoadProjectOptions = {},
): Promise<Project> {
  let text: string;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('it is a directory');
    if (info.size > PROJECT_MAX_BYTES) {
      throw new Error(`it is ${info.size} bytes, above the ${PROJECT_MAX_BYTES}-byte limit`);
    }
    text = await readFile(path, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : cause instanceof Error ? cause.message : String(cause);
    throw new ProjectError('PROJECT_READ', `cannot read the project file: ${reason}`, {
      file: path,
    });
  }
  return parseProject(text, path, options);
}
