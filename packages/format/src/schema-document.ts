// A TypeBox definition as the JSON Schema document the project publishes. TypeBox writes a
// module's definitions as `{ $defs: { Name: { $id: 'Name', ... } }, $ref: 'Name' }`; a
// published document (and an LLM's structured-output schema) wants one root object with
// `#/$defs/Name` references, so definitions are hoisted to the root and references
// rewritten. TypeBox's own markers are symbols and are not copied.

import type { TSchema } from '@sinclair/typebox';
import { JSON_SCHEMA_DIALECT, type JsonSchema } from './json-schema.js';

export interface DocumentHeader {
  /** The document's `$id`, a URL that never changes for the format version. */
  readonly id: string;
  readonly title: string;
  readonly description?: string;
}

// Keywords first in reading order; any other keyword follows in its definition order.
const KEYWORD_ORDER = [
  '$schema',
  '$id',
  'title',
  'description',
  '$ref',
  'type',
  'const',
  'enum',
  'pattern',
  'minLength',
  'minimum',
  'maximum',
  'items',
  'minItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'dependentRequired',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  '$defs',
];

// Keywords whose value maps names to schemas (not schema keywords themselves).
const NAMED_SCHEMAS = new Set(['properties', '$defs', 'dependentSchemas', 'patternProperties']);
// Keywords whose value is data, never a schema.
const DATA = new Set(['const', 'enum', 'default', 'examples', 'required', 'dependentRequired']);

function ordered(node: Record<string, unknown>): Record<string, unknown> {
  const rank = (key: string) => {
    const i = KEYWORD_ORDER.indexOf(key);
    return i === -1 ? KEYWORD_ORDER.length : i;
  };
  const keys = Object.keys(node).sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(keys.map((k) => [k, node[k]]));
}

interface Hoisting {
  /** Module definitions found so far, by name, already converted. */
  readonly defs: Map<string, unknown>;
  /** The definition objects each name was taken from, to tell one module from another. */
  readonly sources: Map<string, string>;
}

/** A plain copy of `node` with module definitions hoisted into `hoisting.defs`. */
function convert(node: unknown, hoisting: Hoisting, moduleNames: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => convert(n, hoisting, moduleNames));
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  // A TypeBox module import: `{ $defs, $ref: 'Name' }` with a bare name.
  if (isModuleImport(record)) {
    const defs = record.$defs as Record<string, unknown>;
    const names = new Set([...moduleNames, ...Object.keys(defs)]);
    for (const [name, def] of Object.entries(defs)) {
      const fingerprint = JSON.stringify(def);
      const known = hoisting.sources.get(name);
      if (known !== undefined && known !== fingerprint) {
        throw new Error(`two different definitions are named ${name}; rename one`);
      }
      if (known === undefined) {
        hoisting.sources.set(name, fingerprint);
        const { $id: _id, ...rest } = def as Record<string, unknown>;
        hoisting.defs.set(name, convert(rest, hoisting, names));
      }
    }
    return { $ref: `#/$defs/${String(record.$ref)}` };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === '$ref' && typeof value === 'string' && moduleNames.has(value)) {
      out[key] = `#/$defs/${value}`;
    } else if (DATA.has(key)) {
      out[key] = structuredClone(value);
    } else if (NAMED_SCHEMAS.has(key) && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, convert(v, hoisting, moduleNames)]),
      );
    } else {
      out[key] = convert(value, hoisting, moduleNames);
    }
  }
  return ordered(out);
}

function isModuleImport(node: Record<string, unknown>): boolean {
  return (
    typeof node.$ref === 'string' &&
    !node.$ref.includes('#') &&
    !node.$ref.includes(':') &&
    node.$defs !== null &&
    typeof node.$defs === 'object' &&
    Object.hasOwn(node.$defs as object, node.$ref)
  );
}

/**
 * The published JSON Schema document of a TypeBox definition: `$schema`, `$id`, `title`
 * (and `description`) first, module definitions hoisted to `$defs` and referenced as
 * `#/$defs/Name`, keywords in a fixed reading order. Deterministic: the same definition
 * always gives the same document.
 */
export function schemaDocument(schema: TSchema, header: DocumentHeader): JsonSchema {
  const hoisting: Hoisting = { defs: new Map(), sources: new Map() };
  let root = convert(schema, hoisting, new Set()) as Record<string, unknown>;
  // A module import at the root: its definition becomes the root itself, unless something
  // refers back to it.
  const rootRef = typeof root.$ref === 'string' ? root.$ref : undefined;
  if (rootRef?.startsWith('#/$defs/') && Object.keys(root).length === 1) {
    const name = rootRef.slice('#/$defs/'.length);
    const referred = [...hoisting.defs.values()].some((d) =>
      JSON.stringify(d).includes(JSON.stringify(rootRef)),
    );
    if (!referred) {
      root = hoisting.defs.get(name) as Record<string, unknown>;
      hoisting.defs.delete(name);
    }
  }
  const { description: ownDescription, ...body } = root;
  const description = header.description ?? ownDescription;
  const document: Record<string, unknown> = {
    $schema: JSON_SCHEMA_DIALECT,
    $id: header.id,
    title: header.title,
    ...(description !== undefined ? { description } : {}),
    ...body,
  };
  if (hoisting.defs.size > 0) {
    const existing = (body.$defs as Record<string, unknown> | undefined) ?? {};
    document.$defs = { ...existing, ...Object.fromEntries(hoisting.defs) };
  }
  return ordered(document);
}
