// fast-check arbitraries read from a JSON Schema document, not from the TypeScript types:
// what the published schema accepts, drawn at random. Tests hand these values to code typed
// by the TypeBox static type, so a schema that accepts more than the type promises shows up
// as a crash. Covers the keywords the plan document uses; recursion is bounded by depth.

import fc from 'fast-check';
import type { JsonSchema } from '../src/index.js';

type Arb = fc.Arbitrary<unknown>;

export function arbitraryFromSchema(document: JsonSchema, maxDepth = 4): Arb {
  const defs = (document.$defs ?? {}) as Record<string, JsonSchema>;

  function build(schema: JsonSchema, depth: number): Arb {
    if (typeof schema.$ref === 'string') {
      const target = defs[schema.$ref.slice('#/$defs/'.length)];
      if (!target) throw new Error(`unresolved ${schema.$ref}`);
      return fc.constant(null).chain(() => build(target, depth + 1));
    }
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.anyOf)) {
      const branches = schema.anyOf as JsonSchema[];
      // Past the depth limit only branches without references (leaves) are drawn.
      const leaves = branches.filter((b) => !JSON.stringify(b).includes('$ref'));
      const usable = depth >= maxDepth && leaves.length > 0 ? leaves : branches;
      if (depth >= maxDepth && leaves.length === 0) return leafOfUnion(branches, depth);
      return fc.oneof(...usable.map((b) => build(b, depth)));
    }
    switch (schema.type) {
      case 'string':
        return fc.string({ minLength: (schema.minLength as number | undefined) ?? 0 });
      case 'integer':
        return fc.integer({ min: -5, max: 50 });
      case 'number':
        return fc.oneof(
          fc.integer({ min: -50, max: 50 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        );
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = (schema.minItems as number | undefined) ?? 0;
        const maxLength = depth >= maxDepth ? minLength : minLength + 2;
        return fc.array(build(schema.items as JsonSchema, depth + 1), { minLength, maxLength });
      }
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set((schema.required as string[] | undefined) ?? []);
        const record: Record<string, Arb> = {};
        for (const [key, sub] of Object.entries(properties)) record[key] = build(sub, depth + 1);
        return fc.record(record, {
          requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
        });
      }
      default:
        throw new Error(`no arbitrary for ${JSON.stringify(schema).slice(0, 80)}`);
    }
  }

  // A union of references only (Expr, Condition): past the depth limit, take the branch with
  // the fewest required references.
  function leafOfUnion(branches: JsonSchema[], depth: number): Arb {
    const refsIn = (b: JsonSchema) => {
      const def = defs[String(b.$ref).slice('#/$defs/'.length)] ?? b;
      const required = (def.required as string[] | undefined) ?? [];
      const properties = (def.properties ?? {}) as Record<string, JsonSchema>;
      return required.filter((k) => JSON.stringify(properties[k]).includes('$ref')).length;
    };
    const fewest = Math.min(...branches.map(refsIn));
    return fc.oneof(...branches.filter((b) => refsIn(b) === fewest).map((b) => build(b, depth)));
  }

  return build(document, 0);
}
