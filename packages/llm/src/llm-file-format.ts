// The llm section of a YAML file (a shipped preset, a user's own, a project file's `llm:`),
// defined once with TypeBox: the shape parseLlmSection checks before it reads a value, with
// the words its errors have always used (`must be a mapping`, `must be a number >= 1, got 0`).
// What a schema cannot say stays in llm-file.ts: which nodes the caller declared, which
// providers exist, `${env:NAME}` references, model names resolved against VERIFIED_MODELS.

import {
  DEFAULT_PHRASING,
  Dictionary,
  defineFormat,
  type IssuePhrasing,
  inDocumentOrder,
  Nullable,
  type SchemaIssue,
  type Static,
  StringEnum,
  Type,
} from '@nl2sql/format';
import { WIRES } from './providers.js';

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** A setting that may be left empty (`max_retries:` in YAML is null, read as not set). */
const Setting = (minimum: number) => Type.Optional(Nullable(Type.Number({ minimum })));
const WireSetting = () => Type.Optional(Nullable(StringEnum(WIRES)));
/** A price in USD per 1M tokens. */
const Rate = () => Type.Number({ minimum: 0, description: 'USD per 1M tokens.' });

const NodeSchema = Type.Union(
  [
    Type.String({ minLength: 1, description: 'A model name: verified, or provider/model.' }),
    Type.Object(
      {
        model: Type.String({ minLength: 1 }),
        provider: Type.Optional(Type.String()),
        temperature: Setting(0),
        wire: WireSetting(),
        max_tokens: Setting(1),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'A model name, or an object with a model and its settings.' },
);

const ProviderSettingsSchema = Type.Object(
  {
    api_key: Type.Optional(
      Type.String({
        description:
          'The API key, as a reference to an environment variable rather than the key itself.',
      }),
    ),
    base_url: Type.Optional(Type.String()),
    wire: WireSetting(),
    max_concurrency: Setting(1),
    timeout_ms: Setting(1),
    max_retries: Setting(0),
  },
  { additionalProperties: false },
);

const PriceSchema = Type.Object(
  {
    input: Rate(),
    cached_input: Type.Optional(Rate()),
    cache_write: Type.Optional(Rate()),
    output: Rate(),
    source: Type.Optional(Type.String()),
    checked: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const LlmSectionSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'Default: the file name.' })),
    model: Type.Optional(NodeSchema),
    nodes: Type.Optional(Dictionary(NodeSchema)),
    providers: Type.Optional(Dictionary(ProviderSettingsSchema)),
    prices: Type.Optional(Dictionary(PriceSchema)),
  },
  { additionalProperties: false },
);

/** The llm section as written (before nodes are resolved and `${env:NAME}` read). */
export type LlmSection = Static<typeof LlmSectionSchema>;
/** One node's model as written. */
export type LlmNodeEntry = Static<typeof NodeSchema>;

export const LLM_SECTION_FORMAT = defineFormat(LlmSectionSchema, {
  id: 'https://nl2sql-evals.dev/schemas/llm-section.json',
  title: 'nl2sql-evals llm section',
});

const LLM_PHRASING: IssuePhrasing = {
  ...DEFAULT_PHRASING,
  type: (types, value) =>
    types.length === 1 && types[0] === 'object'
      ? 'must be a mapping'
      : `must be ${types.join(' or ')}, got ${show(value)}`,
  minimum: (limit, value) => `must be a number >= ${limit}, got ${value}`,
  minLength: () => 'must not be empty',
  enum: (allowed, value) => `must be one of ${allowed.join(', ')}, got ${show(value)}`,
  other: (keyword, message) =>
    keyword === 'anyOf' ? 'must be a model name or an object with a model' : message,
};

/**
 * The first issue of an llm section in the order of the file, or undefined when it is in the
 * format. A node that is neither a model name nor an object is told so once (not each
 * branch's type); a node object with a fault of its own is told that fault.
 */
export function llmSectionIssue(section: unknown): SchemaIssue | undefined {
  const issues = LLM_SECTION_FORMAT.issues(section, LLM_PHRASING);
  const key = (path: readonly unknown[]) => JSON.stringify(path);
  const under = (issue: SchemaIssue, path: readonly unknown[]) =>
    issue.path.length > path.length && key(issue.path.slice(0, path.length)) === key(path);
  const dropped = new Set<SchemaIssue>();
  for (const union of issues.filter((i) => i.keyword === 'anyOf')) {
    const deeper = issues.some((i) => under(i, union.path));
    for (const issue of issues) {
      const here = key(issue.path) === key(union.path);
      if (here && (issue.keyword === 'type' || (deeper && issue === union))) dropped.add(issue);
    }
  }
  return inDocumentOrder(
    section,
    issues.filter((i) => !dropped.has(i)),
  )[0];
}
