// The strict structured-output variant of a document (OpenAI's strict mode, and the subset
// other providers accept): every key required, optional keys nullable, objects closed, and
// only the keywords that mode supports. Derived from the published document, so the two
// cannot drift; what the variant cannot say (minimum lengths, patterns) the format's own
// validation still checks after the answer arrives.

import type { JsonSchema } from './json-schema.js';

const SUPPORTED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  '$ref',
  '$defs',
  'description',
  'title',
]);

function acceptsNull(schema: JsonSchema, document: JsonSchema): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.some((b) => acceptsNull(b as JsonSchema, document));
  return false;
}

function strict(node: unknown, document: JsonSchema, at: string): unknown {
  if (Array.isArray(node)) return node.map((n, i) => strict(n, document, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  // Some subsets ignore or reject keywords beside a reference.
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const') out.enum = [value];
    else if (!SUPPORTED.has(key)) continue;
    else if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(
        Object.entries(value as object).map(([k, v]) => [
          k,
          strict(v, document, `${at}/${key}/${k}`),
        ]),
      );
    } else if (key === 'required' || key === 'enum') out[key] = value;
    else out[key] = strict(value, document, `${at}/${key}`);
  }
  if (schema.type === 'object' && schema.properties !== undefined) {
    if (schema.additionalProperties !== false) {
      throw new Error(`${at}: an object in a structured-output schema must be closed`);
    }
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [key, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      if (!required.has(key) && !acceptsNull(property, document)) {
        throw new Error(`${at}/properties/${key}: an optional key must accept null`);
      }
    }
    out.required = Object.keys(schema.properties as object);
  }
  return out;
}

/**
 * `document` as a strict structured-output schema: no `$schema` or `$id`, every object's
 * keys all required (an optional key must already accept null: the model writes null where
 * a person leaves the key out), and unsupported keywords dropped. Throws when an object is
 * open or an optional key does not accept null: a definition fit for structured output
 * says so itself.
 */
export function structuredOutputSchema(document: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = document;
  return strict(rest, document, '#') as JsonSchema;
}
