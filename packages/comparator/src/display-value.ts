/** Turns any cell into a JSON-safe value for explanations (records must serialise them). */
import { dateText } from './value-kind.js';
import type { DisplayValue, RowSample } from './verdict.js';

const MAX_BYTES_SHOWN = 32;

export function displayValue(v: unknown): DisplayValue {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v : String(v);
    case 'bigint':
      return v.toString();
    case 'undefined':
      return null;
    case 'object': {
      if (v === null) return null;
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : dateText(v);
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
        const bytes = ArrayBuffer.isView(v)
          ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
          : new Uint8Array(v);
        let hex = '';
        for (let i = 0; i < Math.min(bytes.length, MAX_BYTES_SHOWN); i++) {
          hex += bytes[i]!.toString(16).padStart(2, '0');
        }
        return `x'${hex}${bytes.length > MAX_BYTES_SHOWN ? '...' : ''}'`;
      }
      return safeString(v);
    }
    default:
      return safeString(v);
  }
}

function safeString(v: unknown): string {
  try {
    return String(v);
  } catch {
    return `[${typeof v}]`;
  }
}

export function rowSample(rows: readonly unknown[], index: number, width: number): RowSample {
  const row = rows[index];
  const values: DisplayValue[] = [];
  for (let j = 0; j < width; j++) {
    values.push(displayValue(Array.isArray(row) ? row[j] : null));
  }
  return { index, values };
}
