import { ReportError } from './report-error.js';

/**
 * Reads fields of a parsed JSON value and says exactly where a field is wrong: the file, the
 * field's path (`report.configs[0].cases[3].status`) and, inside a case run, its case id.
 * Saved reports gain fields over time, so unknown fields are ignored and the optional
 * readers accept a missing field; a present field of the wrong type is always an error.
 */
export class JsonReader {
  constructor(
    readonly value: unknown,
    readonly file: string,
    readonly path: string,
    /** Appended to messages, e.g. ` (case chinook_013)`. */
    readonly context = '',
  ) {}

  /** A reader for one field of this object (the field may be missing). */
  field(name: string): JsonReader {
    const object = this.object();
    return new JsonReader(
      Object.hasOwn(object, name) ? object[name] : undefined,
      this.file,
      this.path === '' ? name : `${this.path}.${name}`,
      this.context,
    );
  }

  /** The same value with a case id named in every message below it. */
  within(context: string): JsonReader {
    return new JsonReader(this.value, this.file, this.path, context);
  }

  get present(): boolean {
    return this.value !== undefined && this.value !== null;
  }

  object(): Record<string, unknown> {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) {
      this.fail('an object');
    }
    return this.value as Record<string, unknown>;
  }

  items(): JsonReader[] {
    if (!Array.isArray(this.value)) this.fail('a list');
    return (this.value as unknown[]).map(
      (item, i) => new JsonReader(item, this.file, `${this.path}[${i}]`, this.context),
    );
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail('a string');
    return this.value as string;
  }

  optionalString(): string | null {
    return this.present ? this.string() : null;
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) this.fail('a number');
    return this.value as number;
  }

  optionalNumber(): number | null {
    return this.present ? this.number() : null;
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail('true or false');
    return this.value as boolean;
  }

  optionalBoolean(): boolean | null {
    return this.present ? this.boolean() : null;
  }

  oneOf<T extends string>(allowed: readonly T[]): T {
    if (typeof this.value !== 'string' || !allowed.includes(this.value as T)) {
      this.fail(`one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    }
    return this.value as T;
  }

  fail(expected: string): never {
    const got =
      this.value === undefined
        ? 'missing'
        : Array.isArray(this.value)
          ? 'a list'
          : this.value === null
            ? 'null'
            : typeof this.value === 'object'
              ? 'an object'
              : JSON.stringify(this.value).slice(0, 60);
    throw new ReportError(
      'INVALID_SAVED_REPORT',
      `${this.file}: ${this.path || 'the file'} must be ${expected}, got ${got}${this.context}`,
      { file: this.file, field: this.path },
    );
  }
}
