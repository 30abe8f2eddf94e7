// The CI workflow docs/ci.md shows (docs/ci/nl2sql-eval.yml) must be one a project can copy
// as it is: valid YAML, every `uses:` a known action at a pinned major, and every command a
// real one with options the CLI's option tables parse. The page must show the file as it is.

import { readFileSync } from 'node:fs';
import { parse as parseShell } from 'shell-quote';
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { parseCommandLine } from '../src/command-line.js';
import { evalRun } from '../src/commands/eval-run.js';
import { commands } from '../src/commands/index.js';

const ROOT = new URL('../../../', import.meta.url);
const WORKFLOW_PATH = 'docs/ci/nl2sql-eval.yml';
const workflowText = readFileSync(new URL(WORKFLOW_PATH, ROOT), 'utf8');
const page = readFileSync(new URL('docs/ci.md', ROOT), 'utf8');
const rootPackage = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
  scripts: Record<string, string>;
};
const cliPackage = JSON.parse(readFileSync(new URL('packages/cli/package.json', ROOT), 'utf8')) as {
  bin: Record<string, string>;
};

/**
 * Actions the workflow may use, each with the major versions known to exist. A `uses:` must
 * name one of them at `@vN`: not a branch (it moves), not an unknown action.
 */
const KNOWN_ACTIONS: Readonly<Record<string, readonly number[]>> = {
  'actions/checkout': [4, 5],
  'actions/setup-node': [4, 5],
  'actions/upload-artifact': [4],
  'pnpm/action-setup': [4],
};

/** YAML parsed strictly: a syntax error, a duplicate key or an alias fails the test. */
function parseYaml(text: string, where: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  expect(doc.errors.map((e) => `${where}: ${e.message}`)).toEqual([]);
  expect(doc.warnings.map((e) => `${where}: ${e.message}`)).toEqual([]);
  return doc.toJS({ maxAliasCount: 0 });
}

/**
 * The variables a CI sets that the examples use, with values they can take: GitLab's
 * `parallel` numbers its jobs 1..CI_NODE_TOTAL. Any other variable is an error.
 */
const CI_VARIABLES: Readonly<Record<string, string>> = { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' };

function ciVariable(name: string): string {
  const value = CI_VARIABLES[name];
  if (value === undefined) throw new Error(`$${name}: not a variable the examples may use`);
  return value;
}

/** One shell command as words; operators (`&&`, `|`, `>`, `;`) and globs are refused. */
function words(command: string): string[] {
  const parsed = parseShell(command, ciVariable);
  for (const part of parsed) {
    if (typeof part !== 'string') {
      throw new Error(`${command}: only plain commands here, found ${JSON.stringify(part)}`);
    }
  }
  return parsed as string[];
}

/** The CLI command a `node packages/cli/dist/bundle/nl2sql.js ...` line runs, parsed by its option table. */
function checkCli(args: readonly string[], line: string): void {
  const command = [...commands]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => c.path.every((word, i) => args[i] === word));
  if (!command) throw new Error(`${line}: no nl2sql command ${args.slice(0, 2).join(' ')}`);
  const parsed = parseCommandLine(command, args.slice(command.path.length));
  expect(parsed.help, line).toBeUndefined();
}

/**
 * Checks one command line is real: `pnpm install --frozen-lockfile`, `corepack enable`,
 * `pnpm build`, `pnpm eval ARGS` (the root script, which runs `nl2sql eval run ARGS`), or
 * `node packages/cli/dist/bundle/nl2sql.js COMMAND ARGS`. Returns the command's words.
 */
function checkCommand(line: string): string[] {
  const argv = words(line);
  const [program, first, ...rest] = argv;
  if (program === 'pnpm' && first === 'install') {
    expect(rest, line).toEqual(['--frozen-lockfile']);
  } else if (program === 'pnpm' && first === 'build') {
    expect(rootPackage.scripts.build, line).toBeDefined();
    expect(rest, line).toEqual([]);
  } else if (program === 'corepack') {
    expect([first, ...rest], line).toEqual(['enable']);
  } else if (program === 'pnpm' && first === 'eval') {
    expect(rootPackage.scripts.eval).toMatch(
      /node packages\/cli\/dist\/bundle\/nl2sql\.js eval run$/,
    );
    parseCommandLine(evalRun, rest);
  } else if (program === 'node' && first === 'packages/cli/dist/bundle/nl2sql.js') {
    expect(`./${first.replace('packages/cli/', '')}`).toBe(cliPackage.bin.nl2sql);
    checkCli(rest, line);
  } else {
    throw new Error(`${line}: not a command this repository provides`);
  }
  return argv;
}

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}

const workflow = parseYaml(workflowText, WORKFLOW_PATH) as {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; steps: Step[]; env?: Record<string, string> }>;
};
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe(`the CI workflow (${WORKFLOW_PATH})`, () => {
  test('is a workflow: a name, triggers, jobs with a runner and steps that each run or use one thing', () => {
    expect(typeof workflow.name).toBe('string');
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['pull_request']));
    for (const [id, job] of Object.entries(workflow.jobs)) {
      expect(job['runs-on'], id).toMatch(/^ubuntu-/);
      expect(job.steps.length, id).toBeGreaterThan(0);
      for (const step of job.steps) {
        expect(
          [step.uses, step.run].filter((x) => x !== undefined),
          JSON.stringify(step),
        ).toHaveLength(1);
      }
    }
  });

  test('uses only known actions, each pinned to a major version that exists', () => {
    const used = steps.flatMap((s) => (s.uses ? [s.uses] : []));
    expect(used.length).toBeGreaterThan(0);
    for (const uses of used) {
      const match = /^([\w.-]+\/[\w.-]+)@v(\d+)$/.exec(uses);
      expect(match, `${uses}: owner/name@vN`).not.toBeNull();
      const [, action, major] = match as RegExpExecArray;
      expect(Object.keys(KNOWN_ACTIONS), uses).toContain(action);
      expect(KNOWN_ACTIONS[action as string], uses).toContain(Number(major));
    }
  });

  test("runs only commands this repository has, with options the CLI's option tables parse", () => {
    const lines = steps.flatMap((s) => (s.run ? s.run.split('\n').filter((l) => l.trim()) : []));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) checkCommand(line);
  });

  test('runs the eval gated, with the GitHub and JUnit reporters and the HTML report, and uploads the reports even when the gate fails', () => {
    const evalStep = steps.find((s) => s.run?.startsWith('pnpm eval'));
    const argv = words(evalStep?.run ?? '');
    const { flags } = parseCommandLine(evalRun, argv.slice(2));
    expect(flags.baseline).toBe('benchmarks');
    expect(flags.reporter).toEqual(expect.arrayContaining(['github', 'text']));
    const junit = (flags.reporter as string[]).find((r) => r.startsWith('junit='));
    const report = flags.report as string;
    expect(
      steps.some((s) => s.run === 'node packages/cli/dist/bundle/nl2sql.js eval publish --check'),
    ).toBe(true);
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toBe('always()');
    const uploaded = String(upload?.with?.path);
    for (const file of [report, junit?.slice('junit='.length), flags.save as string]) {
      expect(file?.startsWith(uploaded), `${file} is uploaded`).toBe(true);
    }
  });

  test('a command the CLI does not know, or an option it does not, would fail this test', () => {
    expect(() => checkCommand('pnpm eval --reporter xml')).toThrow(/--reporter must be one of/);
    expect(() => checkCommand('pnpm eval --gate benchmarks')).toThrow(/unknown option '--gate'/);
    expect(() =>
      checkCommand('node packages/cli/dist/bundle/nl2sql.js eval publsh --check'),
    ).toThrow(/no nl2sql command/);
    expect(() => checkCommand('npm test')).toThrow(/not a command this repository provides/);
    expect(() => checkCommand('pnpm eval && rm -rf /')).toThrow(/only plain commands/);
  });
});

describe('docs/ci.md', () => {
  test('shows the workflow file as it is', () => {
    expect(page).toContain(`\`\`\`yaml\n${workflowText}\`\`\``);
  });

  test('every YAML example on the page parses and runs only real commands', () => {
    const blocks = [...page.matchAll(/```yaml\n(.*?)```/gs)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const [i, block] of blocks.entries()) {
      const value = parseYaml(block, `docs/ci.md yaml block ${i + 1}`) as Record<string, unknown>;
      // GitLab's `script:` lists; the GitHub workflow's `run:` steps are checked above.
      for (const job of Object.values(value)) {
        const script = (job as { script?: unknown }).script;
        if (Array.isArray(script)) for (const line of script) checkCommand(String(line));
      }
    }
  });

  test('the sharded GitLab example runs shard CI_NODE_INDEX of CI_NODE_TOTAL and merges every shard by name', () => {
    const blocks = [...page.matchAll(/```yaml\n(.*?)```/gs)].map(
      (m) => parseYaml(m[1] as string, 'docs/ci.md') as Record<string, { script?: string[] }>,
    );
    const lines = blocks.flatMap((b) => Object.values(b).flatMap((job) => job.script ?? []));
    const shard = lines.find((l) => l.includes('--shard'));
    const { flags } = parseCommandLine(evalRun, words(shard ?? '').slice(2));
    expect(flags.shard).toBe('2/3');
    expect(flags.save).toBe('shard-2.json');
    const merge = words(lines.find((l) => l.includes('eval merge')) ?? '');
    expect(merge.filter((w) => /^shard-\d\.json$/.test(w))).toEqual([
      'shard-1.json',
      'shard-2.json',
      'shard-3.json',
    ]);
    expect(() => checkCommand('pnpm eval --shard $CI_JOB_ID/3')).toThrow(/not a variable/);
  });
});
