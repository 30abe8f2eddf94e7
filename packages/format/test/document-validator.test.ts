import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHRASING,
  defineFormat,
  documentValidator,
  FormatRef,
  jsonPointer,
  Nullable,
  type Static,
  StringEnum,
  Type,
} from '../src/index.js';
import { validationSchema } from '../src/validation-schema.js';

const Shapes = Type.Module({
  Drawing: Type.Object(
    {
      shapes: Type.Array(Type.Ref('Shape'), { minItems: 1 }),
      title: Type.Optional(Nullable(Type.String({ minLength: 1 }))),
      scale: Type.Optional(Nullable(Type.Number())),
      tag: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    },
    { additionalProperties: false },
  ),
  Shape: Type.Union([Type.Ref('Circle'), Type.Ref('Square')]),
  Circle: Type.Object(
    { kind: StringEnum(['circle']), radius: Type.Number() },
    { additionalProperties: false },
  ),
  Square: Type.Object(
    { kind: StringEnum(['square']), side: Type.Number(), colour: StringEnum(['red', 'blue']) },
    { additionalProperties: false },
  ),
});

// Imported into a const first: an Import inline in a call sends tsc into deep instantiation.
const DrawingSchema = Shapes.Import('Drawing');
const DRAWING = defineFormat(DrawingSchema, {
  id: 'https://example.org/test/drawing.json',
  title: 'Drawing',
});

const problems = (value: unknown) =>
  DRAWING.issues(value).map((i) => `${jsonPointer(i.path)}: ${i.message}`);

describe('a format validator', () => {
  it('accepts a value of the static type', () => {
    const drawing: Static<typeof DRAWING.schema> = {
      shapes: [
        { kind: 'circle', radius: 1 },
        { kind: 'square', side: 2, colour: 'red' },
      ],
      title: null,
    };
    expect(DRAWING.check(drawing)).toBe(true);
    expect(DRAWING.issues(drawing)).toEqual([]);
  });

  it('reports only the union branch the value names by its kind', () => {
    expect(problems({ shapes: [{ kind: 'square', side: 2 }] })).toEqual([
      "/shapes/0/colour: missing required field 'colour'",
    ]);
    expect(problems({ shapes: [{ kind: 'triangle' }] })).toEqual([
      '/shapes/0/kind: unknown kind "triangle" (expected one of: circle, square)',
    ]);
    expect(problems({ shapes: [{ radius: 1 }] })).toEqual([
      "/shapes/0/kind: missing or non-string 'kind' (expected one of: circle, square)",
    ]);
  });

  it('reports a nullable field against its schema, not as "must be null"', () => {
    expect(problems({ shapes: [{ kind: 'circle', radius: 1 }], title: '' })).toEqual([
      '/title: must NOT have fewer than 1 characters',
    ]);
    expect(problems({ shapes: [{ kind: 'circle', radius: 1 }], scale: 'big' })).toEqual([
      '/scale: must be number or null; got string',
    ]);
  });

  it('reports a union of plain types once, naming every type', () => {
    expect(problems({ shapes: [{ kind: 'circle', radius: 1 }], tag: true })).toEqual([
      '/tag: must be string or number; got boolean',
    ]);
  });

  it('names unknown fields with the fields allowed, and enums with the value found', () => {
    expect(problems({ shapes: [{ kind: 'square', side: 1, colour: 'green', size: 3 }] })).toEqual([
      "/shapes/0/size: unknown field 'size' (allowed: kind, side, colour)",
      '/shapes/0/colour: must be one of: "red", "blue"; got "green"',
    ]);
  });

  it('speaks in the phrasing it is given', () => {
    const issues = DRAWING.issues(
      { shapes: [{ kind: 'circle', radius: 1 }], extra: 1 },
      { ...DEFAULT_PHRASING, additionalProperties: (field) => `${field} is not a field` },
    );
    expect(issues.map((i) => i.message)).toEqual(['extra is not a field']);
  });

  it('checks a referenced format by its own document', () => {
    const GALLERY = defineFormat(
      Type.Object({ drawings: Type.Array(FormatRef(DRAWING)) }, { additionalProperties: false }),
      { id: 'https://example.org/test/gallery.json', title: 'Gallery' },
      { references: [DRAWING] },
    );
    expect(GALLERY.document.properties).toEqual({
      drawings: { type: 'array', items: { $ref: DRAWING.id } },
    });
    expect(GALLERY.issues({ drawings: [{ shapes: [] }] }).map((i) => i.path)).toEqual([
      ['drawings', 0, 'shapes'],
    ]);
  });

  it('compiles what a referenced format refers to, through it', () => {
    const GALLERY = defineFormat(
      Type.Object({ drawings: Type.Array(FormatRef(DRAWING)) }, { additionalProperties: false }),
      { id: 'https://example.org/test/gallery-2.json', title: 'Gallery' },
      { references: [DRAWING] },
    );
    const MUSEUM = defineFormat(
      Type.Object({ rooms: Type.Array(FormatRef(GALLERY)) }, { additionalProperties: false }),
      { id: 'https://example.org/test/museum.json', title: 'Museum' },
      { references: [GALLERY] },
    );
    expect(MUSEUM.references).toEqual([DRAWING.document, GALLERY.document]);
    expect(MUSEUM.issues({ rooms: [{ drawings: [{ shapes: [] }] }] })[0]?.path).toEqual([
      'rooms',
      0,
      'drawings',
      0,
      'shapes',
    ]);
  });

  it('refuses a second, different document under an $id already in use', () => {
    const other = documentValidator({ ...DRAWING.document, title: 'Another drawing' }, []);
    DRAWING.check({});
    expect(() => other.check({})).toThrow(/two different schema documents have the \$id/);
  });
});

describe('deciding and listing', () => {
  // check() runs a validator that stops at the first error, issues() lists them all with a
  // second one: for any value, the value is in the format exactly when nothing is listed.
  const shape = fc.oneof(
    fc.record({
      kind: fc.constantFrom('circle', 'square', 'oval'),
      radius: fc.oneof(fc.double(), fc.string()),
    }),
    fc.record({
      kind: fc.constant('square'),
      side: fc.integer(),
      colour: fc.constantFrom('red', 'blue', 'green'),
    }),
    fc.anything(),
  );
  const drawing = fc.oneof(
    fc.record(
      {
        shapes: fc.array(shape, { maxLength: 3 }),
        title: fc.oneof(fc.constant(null), fc.string({ maxLength: 2 })),
        tag: fc.oneof(fc.string(), fc.integer(), fc.boolean()),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  );

  it('decides as ajv does with its default compile options (refs inlined, code optimised)', () => {
    const reference = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true });
    const decide = reference.compile(validationSchema(DRAWING.document));
    fc.assert(
      fc.property(drawing, (value) => {
        expect(DRAWING.check(value)).toBe(decide(value));
      }),
      { numRuns: 500 },
    );
  });

  it('accepts exactly the values with no issue', () => {
    fc.assert(
      fc.property(drawing, (value) => {
        expect(DRAWING.check(value)).toBe(DRAWING.issues(value).length === 0);
      }),
      { numRuns: 300 },
    );
  });
});
