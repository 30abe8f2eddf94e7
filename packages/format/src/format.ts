// A format defined once: the TypeBox definition is the source of the static type, the
// published JSON Schema document and the validator.

import type { Static, TSchema } from '@sinclair/typebox';
import { type DocumentValidator, documentValidator } from './document-validator.js';
import type { JsonSchema } from './json-schema.js';
import { type DocumentHeader, schemaDocument } from './schema-document.js';

/** A file or message format: its definition, its document and its validator. */
export interface Format<T extends TSchema = TSchema> extends DocumentValidator<Static<T>> {
  /** The document's `$id`. */
  readonly id: string;
  /** The TypeBox definition; `Static<typeof format.schema>` is the type. */
  readonly schema: T;
  /** The documents this one refers to by `$id`, directly or through them. */
  readonly references: readonly JsonSchema[];
}

export interface FormatOptions {
  /** Formats this one refers to with FormatRef (compiled alongside it). */
  readonly references?: readonly Format[];
}

/** Defines a format from its TypeBox definition and the header of its published document. */
export function defineFormat<T extends TSchema>(
  schema: T,
  header: DocumentHeader,
  options: FormatOptions = {},
): Format<T> {
  const document = schemaDocument(schema, header);
  const references = [
    ...new Set((options.references ?? []).flatMap((f) => [...f.references, f.document])),
  ];
  return {
    id: header.id,
    schema,
    references,
    ...documentValidator<Static<T>>(document, references),
  };
}
