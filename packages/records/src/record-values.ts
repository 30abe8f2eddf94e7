// The record's value kinds (non-empty text, counts, shares, amounts), shared by the parts of
// the record (record-parts.ts) and its diagnostics (diagnostics-record.ts).

import { type SchemaOptions, Type } from '@nl2sql/format';

export const described = (description?: string): SchemaOptions =>
  description === undefined ? {} : { description };
/** A string that is never empty. */
export const Text = (description?: string) =>
  Type.String({ minLength: 1, ...described(description) });
export const Count = (description?: string) =>
  Type.Integer({ minimum: 0, ...described(description) });
/** A share, 0..1. */
export const Share = (description?: string) =>
  Type.Number({ minimum: 0, maximum: 1, ...described(description) });
export const Amount = (description?: string) =>
  Type.Number({ minimum: 0, ...described(description) });
