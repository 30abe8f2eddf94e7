// What the suite authoring functions take: one option per flag of `nl2sql suite review`,
// `suite lint`, `suite import` and `suite regenerate`, camelCased (`--approve-proposal` is
// `approveProposal`), and the command's argument by what it is (`suite`, the pairs `file`).
// One TypeBox definition each, so the static type and the check of a JavaScript caller's
// object cannot drift (decisions/evaluate-api.md).

import { type Static, Type } from '@sinclair/typebox';

/** The formats `suite import --format` reads. */
export const IMPORT_FORMATS = ['pairs', 'spider', 'bird', 'dataset', 'defog'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const text = (description: string) => Type.String({ description });
/** A list option: `['a', 'b']`, or the command line's comma-separated `'a,b'`. */
const list = (description: string) =>
  Type.Union([Type.String(), Type.Array(Type.String())], { description });
const flag = (description: string) => Type.Boolean({ description });

/** Options every authoring function takes: the project and the suite it works on. */
const shared = {
  config: text('evals.yaml to read (default ./evals.yaml, else the built-in Chinook project)'),
  maxSuiteMb: Type.Integer({ minimum: 1, description: 'refuse a larger suite file (MiB)' }),
};
const suiteArgument = text("the suite file, or the name of one of evals.yaml's suites");

const reviewSchema = Type.Partial(
  Type.Object({
    ...shared,
    suite: suiteArgument,
    approve: list('approve these draft cases (ID,..), or every draft (all)'),
    approveProposal: list('approve these alt_sql proposals into the suite (CASE_ID#N,..)'),
    rejectProposal: list('reject these alt_sql proposals (remembered; not proposed again)'),
    db: text("one SQLite database approved proposals' rows are read from"),
    allowPackaged: flag('approve proposals into a suite that ships inside a package'),
    json: flag('the review, or what settling did (or why not), as JSON on stdout'),
    rows: Type.Integer({ minimum: 0, description: 'rows shown per draft case (default 5)' }),
  }),
  { additionalProperties: false },
);

const lintSchema = Type.Partial(
  Type.Object({
    ...shared,
    suite: suiteArgument,
    mode: list('the run modes to lint for (default: those the suite declares)'),
    db: text("the SQLite database the cases ask about, in place of the project's one"),
    policy: text('an access policy JSON file'),
    roles: list('the roles a run will ask as: every case must list each in its outcome map'),
    json: flag('the findings as JSON on stdout'),
  }),
  { additionalProperties: false },
);

const importSchema = Type.Object(
  {
    /** The pairs (or benchmark questions) file: the command's FILE. */
    file: text('the pairs file'),
    ...Type.Partial(
      Type.Object({
        ...shared,
        suite: text("the suite to append to: a path, or the name of one of evals.yaml's suites"),
        format: Type.Union(
          IMPORT_FORMATS.map((f) => Type.Literal(f)),
          { description: 'what FILE is (default pairs)' },
        ),
        tables: text("spider: the benchmark's tables.json"),
        dbDir: text('spider, bird: the folder of <db_id>/<db_id>.sqlite'),
        role: text('a project without a policy: the one role every imported case is allowed for'),
      }),
    ).properties,
  },
  { additionalProperties: false },
);

const regenerateSchema = Type.Partial(
  Type.Object({
    ...shared,
    suite: suiteArgument,
    db: text('one SQLite database every case is read from'),
    allowPackaged: flag('rewrite a suite that ships inside a package (for its own checkout)'),
  }),
  { additionalProperties: false },
);

/** The options of `suiteReview()`: `nl2sql suite review`'s flags, camelCased. */
export type SuiteReviewOptions = Static<typeof reviewSchema>;
/** The options of `suiteLint()`: `nl2sql suite lint`'s flags, camelCased. */
export type SuiteLintOptions = Static<typeof lintSchema>;
/** The options of `suiteImport()`: `nl2sql suite import`'s flags and its pairs `file`. */
export type SuiteImportOptions = Static<typeof importSchema>;
/** The options of `suiteRegenerate()`: `nl2sql suite regenerate`'s flags, camelCased. */
export type SuiteRegenerateOptions = Static<typeof regenerateSchema>;

export const SUITE_REVIEW_OPTIONS = reviewSchema;
export const SUITE_LINT_OPTIONS = lintSchema;
export const SUITE_IMPORT_OPTIONS = importSchema;
export const SUITE_REGENERATE_OPTIONS = regenerateSchema;

/**
 * A list option's items (`['a,b', 'c']` or `'a,b,c'`), or undefined when it is not given. An
 * option given with no item is `[]`, so a rule can tell it from one not given.
 */
export function listOption(value: string | readonly string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (typeof value === 'string' ? [value] : value)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
