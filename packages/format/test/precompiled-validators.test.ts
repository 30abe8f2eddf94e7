// Validators compiled at a build (precompiled-validators.ts) decide exactly as the ones ajv
// compiles at run time, and are used only for the documents they were made from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defineFormat,
  FormatRef,
  Nullable,
  precompiledValidatorsModule,
  StringEnum,
  Type,
  validatorKey,
} from '../src/index.js';
import { DECIDING_OPTIONS, precompiledValidator } from '../src/precompiled-validators.js';
import { validationSchema } from '../src/validation-schema.js';

const Shapes = Type.Module({
  Drawing: Type.Object(
    {
      shapes: Type.Array(Type.Ref('Shape'), { minItems: 1 }),
      title: Type.Optional(Nullable(Type.String({ minLength: 1, pattern: '^\\p{L}' }))),
      scale: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
      tags: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })),
    },
    { additionalProperties: false },
  ),
  Shape: Type.Union([Type.Ref('Circle'), Type.Ref('Square')]),
  Circle: Type.Object(
    { kind: StringEnum(['circle']), radius: Type.Number() },
    { additionalProperties: false },
  ),
  Square: Type.Object(
    { kind: StringEnum(['square']), side: Type.Integer(), colour: StringEnum(['red', 'blue']) },
    { additionalProperties: false },
  ),
});
const DrawingSchema = Shapes.Import('Drawing');
const DRAWING = defineFormat(DrawingSchema, {
  id: 'https://example.org/test/ahead-drawing.json',
  title: 'Drawing',
});
const GALLERY = defineFormat(
  Type.Object(
    { name: Type.String({ maxLength: 8 }), drawings: Type.Array(FormatRef(DRAWING)) },
    { additionalProperties: false },
  ),
  { id: 'https://example.org/test/ahead-gallery.json', title: 'Gallery' },
  { references: [DRAWING] },
);

/** The same documents compiled now, as a process without a bundle does. */
function runtime(format: typeof GALLERY | typeof DRAWING) {
  const ajv = new Ajv2020(DECIDING_OPTIONS);
  for (const reference of format.references) ajv.addSchema(validationSchema(reference));
  const validate = ajv.compile(validationSchema(format.document));
  return (value: unknown) => validate(value) === true;
}

/** Writes the generated module beside the tests (where ajv resolves) and imports it. */
async function registerAhead(): Promise<void> {
  const dir = fileURLToPath(new URL('./.generated/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const registry = pathToFileURL(fileURLToPath(new URL('../src/index.ts', import.meta.url))).href;
  const file = join(dir, 'validators.mjs');
  writeFileSync(file, precompiledValidatorsModule([DRAWING, GALLERY], registry));
  await import(/* @vite-ignore */ pathToFileURL(file).href);
}

const shape = fc.oneof(
  fc.record({ kind: fc.constant('circle'), radius: fc.oneof(fc.double(), fc.string()) }),
  fc.record({
    kind: fc.constantFrom('square', 'triangle'),
    side: fc.oneof(fc.integer(), fc.double()),
    colour: fc.constantFrom('red', 'blue', 'green'),
  }),
  fc.anything(),
);
const drawing = fc.record(
  {
    shapes: fc.array(shape, { maxLength: 3 }),
    title: fc.oneof(fc.constant(null), fc.string(), fc.constantFrom('Éa', '1a', '')),
    scale: fc.oneof(fc.constant(null), fc.double()),
    tags: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);
const gallery = fc.record(
  { name: fc.string({ maxLength: 10 }), drawings: fc.array(drawing, { maxLength: 2 }) },
  { requiredKeys: [] },
);

describe('validators compiled ahead', () => {
  it('are registered for the documents they were made from, and only for them', async () => {
    expect(precompiledValidator(DRAWING)).toBeUndefined();
    await registerAhead();
    expect(precompiledValidator(DRAWING)).toBeTypeOf('function');
    expect(precompiledValidator(GALLERY)).toBeTypeOf('function');
    // a document changed since the build has another key: compiled at run time as before
    const changed = { ...DRAWING.document, title: 'Drawing, changed' };
    expect(validatorKey({ document: changed, references: [] })).not.toBe(validatorKey(DRAWING));
    expect(precompiledValidator({ document: changed, references: [] })).toBeUndefined();
  });

  it('decide every value as the validators compiled at run time do', async () => {
    await registerAhead();
    const ahead = {
      drawing: precompiledValidator(DRAWING),
      gallery: precompiledValidator(GALLERY),
    };
    const now = { drawing: runtime(DRAWING), gallery: runtime(GALLERY) };
    let accepted = 0;
    fc.assert(
      fc.property(gallery, drawing, (g, d) => {
        expect(ahead.gallery?.(g)).toBe(now.gallery(g));
        expect(ahead.drawing?.(d)).toBe(now.drawing(d));
        if (now.drawing(d)) accepted++;
      }),
      { numRuns: 2000 },
    );
    // the property saw both answers, not only refusals
    expect(accepted).toBeGreaterThan(0);
    // and a format's own check uses it, with the same answer
    const good = { shapes: [{ kind: 'square', side: 2, colour: 'red' }], title: 'Éa' };
    expect(DRAWING.check(good)).toBe(true);
    expect(DRAWING.check({ ...good, title: '1a' })).toBe(false);
  });
});
