// Strict structured output (OpenAI strict mode) requires every key, writing null for an
// absent optional one. Hand-written plans leave those keys out, so a fake model serving gold
// plans fills them in first: otherwise the client's schema check would reject the gold plan.

type Schema = Record<string, unknown>;

function asRecord(value: unknown): Schema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Schema)
    : undefined;
}

function types(schema: Schema): string[] {
  const t = schema.type;
  return typeof t === 'string' ? [t] : Array.isArray(t) ? (t as string[]) : [];
}

/**
 * `value` with every required-but-absent key of `schema` set to null, recursively
 * ($ref into the root's $defs, anyOf branches chosen by type and by a `kind` enum).
 */
export function fillNulls(schema: Schema, value: unknown): unknown {
  const defs = asRecord(schema.$defs) ?? {};
  const resolve = (s: Schema): Schema => {
    const ref = s.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      return asRecord(defs[ref.slice('#/$defs/'.length)]) ?? {};
    }
    return s;
  };
  const matches = (raw: Schema, v: unknown): boolean => {
    const s = resolve(raw);
    if (Array.isArray(s.anyOf)) return s.anyOf.some((b) => matches(asRecord(b) ?? {}, v));
    const t = types(s);
    if (v === null) return t.includes('null');
    if (Array.isArray(v)) return t.includes('array');
    const object = asRecord(v);
    if (object) {
      if (!t.includes('object')) return false;
      const kinds = asRecord(asRecord(s.properties)?.kind)?.enum;
      return !Array.isArray(kinds) || kinds.includes(object.kind);
    }
    if (typeof v === 'number') return t.includes('number') || t.includes('integer');
    return t.length === 0 || t.includes(typeof v);
  };
  const fill = (raw: Schema, v: unknown): unknown => {
    const s = resolve(raw);
    if (Array.isArray(s.anyOf)) {
      const branch = s.anyOf.map((b) => asRecord(b) ?? {}).find((b) => matches(b, v));
      return branch ? fill(branch, v) : v;
    }
    if (Array.isArray(v)) {
      const items = asRecord(s.items);
      return items ? v.map((x) => fill(items, x)) : v;
    }
    const object = asRecord(v);
    const properties = asRecord(s.properties);
    if (!object || !properties) return v;
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    const out: Schema = { ...object };
    for (const [key, sub] of Object.entries(properties)) {
      if (key in object) out[key] = fill(asRecord(sub) ?? {}, object[key]);
      else if (required.includes(key)) out[key] = null;
    }
    return out;
  };
  return fill(schema, value);
}
