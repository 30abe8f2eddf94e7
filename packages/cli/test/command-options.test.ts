// Every command passes its flags to @nl2sql/evaluate as options (src/flag-options.ts): each
// flag of its option table must be an option of its function (one missing would make the
// command refuse its own flag as "unknown option"), and each option a flag or the command's
// argument, so the API and the command line cannot drift apart.
import {
  CALIBRATE_JUDGE_OPTIONS,
  CHECK_SQL_OPTIONS,
  COMPARATOR_DEMO_OPTIONS,
  CROSS_CHECK_OPTIONS,
  EVALUATE_OPTIONS,
  GATE_RUNS_OPTIONS,
  GRANT_ROLES_OPTIONS,
  INIT_OPTIONS,
  MERGE_OPTIONS,
  PUBLISH_OPTIONS,
  REPORT_PAGE_OPTIONS,
  START_DATABASE_OPTIONS,
  SUITE_IMPORT_OPTIONS,
  SUITE_LINT_OPTIONS,
  SUITE_REGENERATE_OPTIONS,
  SUITE_REVIEW_OPTIONS,
  SUITE_TEST_SUITE_OPTIONS,
} from '@nl2sql/evaluate';
import { optionName } from '@nl2sql/evaluate/options';
import { describe, expect, test } from 'vitest';
import type { Command } from '../src/command.js';
import { commands } from '../src/commands/index.js';

type Schema = { readonly properties: Readonly<Record<string, unknown>> };

/** Each command's options and the option its arguments become (null: it takes none). */
const FUNCTIONS: Readonly<Record<string, [Schema, string | null]>> = {
  'eval run': [EVALUATE_OPTIONS, null],
  'eval merge': [MERGE_OPTIONS, 'shards'],
  'eval publish': [PUBLISH_OPTIONS, 'reports'],
  'eval gate': [GATE_RUNS_OPTIONS, 'reports'],
  'eval report': [REPORT_PAGE_OPTIONS, 'saved'],
  'suite review': [SUITE_REVIEW_OPTIONS, 'suite'],
  'suite lint': [SUITE_LINT_OPTIONS, 'suite'],
  'suite import': [SUITE_IMPORT_OPTIONS, 'file'],
  'suite regenerate': [SUITE_REGENERATE_OPTIONS, 'suite'],
  'suite cross-check': [CROSS_CHECK_OPTIONS, 'suite'],
  'suite testsuite': [SUITE_TEST_SUITE_OPTIONS, 'suite'],
  check: [CHECK_SQL_OPTIONS, 'sql'],
  init: [INIT_OPTIONS, null],
  'judge calibrate': [CALIBRATE_JUDGE_OPTIONS, null],
  'demo comparator': [COMPARATOR_DEMO_OPTIONS, null],
  'db up': [START_DATABASE_OPTIONS, 'dataset'],
  'db grants': [GRANT_ROLES_OPTIONS, null],
};

const byName = new Map<string, Command>(commands.map((c) => [c.path.join(' '), c]));

describe('each command’s flags are its API options, one for one', () => {
  test('every command is an API function', () => {
    expect([...byName.keys()].sort()).toEqual(Object.keys(FUNCTIONS).sort());
  });
  test.each(Object.entries(FUNCTIONS))('%s', (name, [schema, argument]) => {
    const command = byName.get(name) as Command;
    const flags = command.options.map((o) => optionName(o.name)).sort();
    const options = Object.keys(schema.properties).filter((key) => key !== argument);
    expect(flags).toEqual(options.sort());
    expect(command.arguments.length > 0).toBe(argument !== null);
  });
});
