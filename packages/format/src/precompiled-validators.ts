// Deciding validators compiled ahead, at a program's build (decisions/precompiled-validators.md).
// A process that checks a suite or a record compiled ajv's code for its document on the way:
// about 100 ms for each, in every run, although the documents change only with a release.
// A bundle built from the formats it ships (the CLI's) registers their validators, generated
// by ajv's standalone code from the very options the deciding compiler uses; a document is
// matched to one by a digest of its validation copy and its references' copies, so a document
// that changed since (or one the build did not know) is compiled as before. The listing
// validator, which only a value with problems needs, is never ahead.
import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { JsonSchema } from './json-schema.js';
import { validationSchema } from './validation-schema.js';

/** The deciding compiler's options (document-validator.ts compiles with these too). */
export const DECIDING_OPTIONS = {
  allErrors: false,
  strict: true,
  allowUnionTypes: true,
  discriminator: true,
  verbose: false,
  // a referenced document is called, not inlined, and the code is not optimised: half the
  // compile of a suite's or a record's document, for a few milliseconds on the first check
  inlineRefs: false,
  code: { optimize: false },
} as const;

/** A document and those it refers to by `$id`, as a Format carries them. */
export interface ValidatedDocument {
  readonly document: JsonSchema;
  readonly references: readonly JsonSchema[];
}

const ahead = new Map<string, ValidateFunction>();

/** What a precompiled validator is matched by: the copies ajv compiles, in order. */
export function validatorKey({ document, references }: ValidatedDocument): string {
  const copies = [document, ...references].map((d) => validationSchema(d));
  return createHash('sha256').update(JSON.stringify(copies)).digest('hex');
}

/** Called by a generated module (precompiledValidatorsModule) for each validator it holds. */
export function registerPrecompiledValidator(key: string, validate: ValidateFunction): void {
  ahead.set(key, validate);
}

/** The validator registered for this document, if a build registered one. */
export function precompiledValidator(target: ValidatedDocument): ValidateFunction | undefined {
  if (ahead.size === 0) return undefined;
  return ahead.get(validatorKey(target));
}

const standaloneCode = ((standaloneModule as unknown as { default?: typeof standaloneModule })
  .default ?? standaloneModule) as unknown as (
  ajv: Ajv2020,
  refs: Record<string, string>,
) => string;

/**
 * An ES module that registers the deciding validators of `targets` on import (a document
 * without an `$id` is left out). `registry` is the specifier it imports
 * registerPrecompiledValidator from (the bundle's `@nl2sql/format`). Its ajv runtime helpers
 * are imported from `ajv/dist/runtime/`, which the module's location must resolve.
 */
export function precompiledValidatorsModule(
  targets: readonly ValidatedDocument[],
  registry = '@nl2sql/format',
): string {
  const ajv = new Ajv2020({
    ...DECIDING_OPTIONS,
    code: { ...DECIDING_OPTIONS.code, source: true, esm: true },
  });
  const known = new Set<string>();
  const add = (document: JsonSchema) => {
    const id = document.$id;
    if (typeof id !== 'string' || known.has(id)) return;
    known.add(id);
    ajv.addSchema(validationSchema(document));
  };
  const exported: Record<string, string> = {};
  const keys: string[] = [];
  for (const target of targets) {
    if (typeof target.document.$id !== 'string') continue;
    for (const reference of target.references) add(reference);
    add(target.document);
    exported[`v${keys.length}`] = target.document.$id;
    keys.push(validatorKey(target));
  }
  if (keys.length === 0) return `export {};\n`;
  const helpers = new Map<string, string>();
  const code = standaloneCode(ajv, exported).replace(
    /require\("(ajv\/dist\/runtime\/[a-z0-9]+)"\)/g,
    (_, path: string) => {
      const name = helpers.get(path) ?? `ajvRuntime${helpers.size}`;
      helpers.set(path, name);
      return name;
    },
  );
  // ajv's code reads `require(helper).default`; an import's default is the module's exports
  // under Node and the `default` export under a bundler, so both are turned into the former
  const interop = (name: string) =>
    `const ${name} = { default: ${name}Module && ${name}Module.__esModule ? ${name}Module.default : (${name}Module.default ?? ${name}Module) };`;
  return [
    `import { registerPrecompiledValidator } from ${JSON.stringify(registry)};`,
    ...[...helpers].map(
      ([path, name]) => `import ${name}Module from ${JSON.stringify(`${path}.js`)};`,
    ),
    ...[...helpers.values()].map(interop),
    code,
    ...keys.map((key, i) => `registerPrecompiledValidator(${JSON.stringify(key)}, v${i});`),
    '',
  ].join('\n');
}
