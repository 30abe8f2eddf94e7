// Paths into a document: the JSON pointer ajv reports (`/cases/3/plan/select/0`), the path
// segments a YAML document is walked with (['cases', 3, 'plan', 'select', 0]) and the field
// name a person reads (`cases[3].plan.select[0]`).

/** One step into a document: an object key or an array index. */
export type PathSegment = string | number;
export type FieldPath = ReadonlyArray<PathSegment>;

/** `/cases/3/plan` -> ['cases', 3, 'plan']; RFC 6901 escapes undone, digits read as indexes. */
export function pointerPath(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((p) => (/^(0|[1-9]\d*)$/.test(p) ? Number(p) : p));
}

/** One RFC 6901 segment: a key a user invents may hold `/` or `~`. */
export function pointerSegment(segment: PathSegment): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** ['cases', 3, 'plan'] -> `/cases/3/plan`; [] -> ''. */
export function jsonPointer(path: FieldPath): string {
  return path.map((s) => `/${pointerSegment(s)}`).join('');
}

/** ['tags', 2] -> `tags[2]`; ['plan', 'select', 0, 'expr'] -> `plan.select[0].expr`. */
export function fieldName(path: FieldPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}
