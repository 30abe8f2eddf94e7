// The suite authoring commands pass their flags to @nl2sql/evaluate as options: every flag of
// their option tables must be an option of the function (one missing would make the command
// refuse itself with "unknown option"), and every option a flag, or the command's argument.
import {
  IMPORT_SUITE_OPTIONS,
  LINT_SUITE_OPTIONS,
  REGENERATE_SUITE_OPTIONS,
  REVIEW_SUITE_OPTIONS,
} from '@nl2sql/evaluate';
import { optionName } from '@nl2sql/evaluate/options';
import { describe, expect, test } from 'vitest';
import type { Command } from '../src/command.js';
import { suiteImport } from '../src/commands/suite-import.js';
import { suiteLint } from '../src/commands/suite-lint.js';
import { suiteRegenerate } from '../src/commands/suite-regenerate.js';
import { suiteReview } from '../src/commands/suite-review.js';

type Schema = { readonly properties: Readonly<Record<string, unknown>> };

const COMMANDS: ReadonlyArray<[string, Command, Schema, string]> = [
  ['suite review', suiteReview, REVIEW_SUITE_OPTIONS, 'suite'],
  ['suite lint', suiteLint, LINT_SUITE_OPTIONS, 'suite'],
  ['suite import', suiteImport, IMPORT_SUITE_OPTIONS, 'file'],
  ['suite regenerate', suiteRegenerate, REGENERATE_SUITE_OPTIONS, 'suite'],
];

describe('suite authoring flags are the API options, one for one', () => {
  test.each(COMMANDS)('%s', (_name, command, schema, argument) => {
    const flags = command.options.map((o) => optionName(o.name)).sort();
    const options = Object.keys(schema.properties).filter((key) => key !== argument);
    expect(flags).toEqual(options.sort());
    expect(command.arguments).toHaveLength(1);
  });
});
