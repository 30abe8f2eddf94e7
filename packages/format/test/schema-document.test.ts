import { describe, expect, it } from 'vitest';
import {
  JSON_SCHEMA_DIALECT,
  Nullable,
  StringEnum,
  schemaDocument,
  schemaText,
  Type,
} from '../src/index.js';

const Tree = Type.Module({
  Forest: Type.Object(
    { trees: Type.Array(Type.Ref('Node')) },
    { additionalProperties: false, description: 'Some trees.' },
  ),
  Node: Type.Union([Type.Ref('Leaf'), Type.Ref('Branch')], { description: 'A node.' }),
  Leaf: Type.Object(
    { kind: StringEnum(['leaf']), value: Type.Number() },
    { additionalProperties: false },
  ),
  Branch: Type.Object(
    {
      kind: StringEnum(['branch']),
      children: Type.Array(Type.Ref('Node')),
      label: Type.Optional(Nullable(Type.String())),
    },
    { additionalProperties: false },
  ),
});

const header = { id: 'https://example.org/tree.json', title: 'Tree' };
const FOREST = Tree.Import('Forest');
const NODE = Tree.Import('Node');

describe('schemaDocument', () => {
  it('puts the header first and makes an unreferenced root definition the root', () => {
    const doc = schemaDocument(FOREST, header);
    expect(Object.keys(doc).slice(0, 4)).toEqual(['$schema', '$id', 'title', 'description']);
    expect(doc.$schema).toBe(JSON_SCHEMA_DIALECT);
    expect(doc.description).toBe('Some trees.');
    expect(doc.type).toBe('object');
    expect(doc.properties).toEqual({ trees: { type: 'array', items: { $ref: '#/$defs/Node' } } });
    const defs = doc.$defs as Record<string, Record<string, unknown>>;
    expect(Object.keys(defs).sort()).toEqual(['Branch', 'Leaf', 'Node']);
  });

  it("rewrites module references to #/$defs and drops the definitions' own $id", () => {
    const doc = schemaDocument(FOREST, header);
    const defs = doc.$defs as Record<string, Record<string, unknown>>;
    expect(defs.Node?.anyOf).toEqual([{ $ref: '#/$defs/Leaf' }, { $ref: '#/$defs/Branch' }]);
    for (const def of Object.values(defs)) expect(def.$id).toBeUndefined();
    expect(JSON.stringify(doc)).not.toMatch(/"\$ref":"(Node|Leaf|Branch)"/);
  });

  it('keeps the root a reference when a definition refers back to it', () => {
    const doc = schemaDocument(NODE, header);
    expect(doc.$ref).toBe('#/$defs/Node');
    expect((doc.$defs as Record<string, unknown>).Node).toBeDefined();
  });

  it('is deterministic and writes the same text every time', () => {
    const a = schemaText(schemaDocument(NODE, header));
    const b = schemaText(schemaDocument(NODE, header));
    expect(a).toBe(b);
    expect(a.endsWith('}\n')).toBe(true);
    expect(a).not.toContain('\r');
  });

  it('refuses two different definitions under one name', () => {
    const A = Type.Module({ X: Type.Object({ a: Type.String() }) }).Import('X');
    const B = Type.Module({ X: Type.Object({ b: Type.String() }) }).Import('X');
    expect(() => schemaDocument(Type.Object({ a: A, b: B }), header)).toThrow(
      /two different definitions are named X/,
    );
  });
});
