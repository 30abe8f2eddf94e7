import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHRASING,
  defineFormat,
  EnumOf,
  fieldName,
  type IssuePhrasing,
  Nullable,
  StringEnum,
  singleTypeIssue,
  Type,
} from '../src/index.js';

const Parts = Type.Module({
  Sheet: Type.Object(
    {
      name: Type.String({ minLength: 2, pattern: '^[a-z]+$' }),
      size: Type.Integer({ minimum: 1, maximum: 9 }),
      colour: StringEnum(['red', 'blue']),
      mark: EnumOf([1, 'x', null]),
      frame: Nullable(Type.Ref('Frame')),
    },
    { additionalProperties: false },
  ),
  Frame: Type.Object({ width: Type.Number() }, { additionalProperties: false }),
});
const SheetSchema = Parts.Import('Sheet');
const SHEET = defineFormat(SheetSchema, {
  id: 'https://example.org/test/sheet.json',
  title: 'Sheet',
});

const good = { name: 'ab', size: 3, colour: 'red', mark: null, frame: null };
const said = (value: unknown, phrasing?: IssuePhrasing) =>
  SHEET.issues(value, phrasing).map((i) => `${fieldName(i.path)}: ${i.message}`);

const TERSE: IssuePhrasing = {
  ...DEFAULT_PHRASING,
  type: (types, value) => `want ${types.join('|')}, have ${JSON.stringify(value)}`,
  minLength: (limit, value) => `${JSON.stringify(value)} under ${limit}`,
  pattern: (pattern, value) => `${JSON.stringify(value)} not ${pattern}`,
  minimum: (limit, value) => `${value} < ${limit}`,
  maximum: (limit, value) => `${value} > ${limit}`,
  union: (branches, value) => `want ${branches.join('|')}, have ${JSON.stringify(value)}`,
};

describe('schema issues', () => {
  it('accepts a value in the format', () => {
    expect(said(good)).toEqual([]);
    expect(said({ ...good, mark: 'x', frame: { width: 2 } })).toEqual([]);
  });

  it("say minLength, pattern, minimum and maximum in ajv's words by default", () => {
    expect(said({ ...good, name: 'A' })).toEqual([
      'name: must NOT have fewer than 2 characters',
      'name: must match pattern "^[a-z]+$"',
    ]);
    expect(said({ ...good, size: 0 })).toEqual(['size: must be >= 1']);
    expect(said({ ...good, size: 10 })).toEqual(['size: must be <= 9']);
  });

  it('give those keywords the limit and the value found, for a phrasing of its own', () => {
    expect(said({ ...good, name: 'A', size: 12 }, TERSE)).toEqual([
      'name: "A" under 2',
      'name: "A" not ^[a-z]+$',
      'size: 12 > 9',
    ]);
    expect(said({ ...good, size: -1 }, TERSE)).toEqual(['size: -1 < 1']);
  });

  it('name the branches of a nullable reference as written, for a value of neither, when phrased', () => {
    expect(said({ ...good, frame: 'wide' }, TERSE)).toEqual([
      'frame: want Frame|null, have "wide"',
    ]);
    // Without a union phrasing the reference's own type error stands.
    expect(said({ ...good, frame: 'wide' })).toEqual(['frame: must be object; got string']);
    // An object of the wrong shape is reported against the reference, not as "must be null".
    expect(said({ ...good, frame: { width: 'x' } }, TERSE)).toEqual([
      'frame.width: want number, have "x"',
    ]);
  });

  it('check an enum of values of any type, a wrong type told the values allowed', () => {
    expect(said({ ...good, mark: 2 })).toEqual(['mark: must be one of: 1, "x", null; got 2']);
    expect(said({ ...good, mark: false })).toEqual([
      'mark: must be one of: 1, "x", null; got false',
    ]);
  });
});

describe('singleTypeIssue', () => {
  it('keeps only the type issue of a field whose value is of the wrong type', () => {
    const issues = SHEET.issues({ ...good, colour: 3, name: 'A' });
    expect(issues.map((i) => `${fieldName(i.path)} ${i.keyword}`)).toContain('colour enum');
    expect(singleTypeIssue(issues).map((i) => `${fieldName(i.path)} ${i.keyword}`)).toEqual([
      'name minLength',
      'name pattern',
      'colour type',
    ]);
  });

  it('leaves a right-typed value outside its list with its enum issue', () => {
    const issues = SHEET.issues({ ...good, colour: 'green' });
    expect(singleTypeIssue(issues)).toEqual(issues);
  });
});
