// Pieces the evals.yaml format's sections share: the name alphabet, how an environment
// reference is spelt in descriptions, and the small schema builders.

import { type SchemaOptions, Type } from '@nl2sql/format';

/**
 * Datasource, engine and role names: they become parts of file names (records are filed
 * under the datasource id and named after the engine), so they are kept to a safe alphabet.
 */
export const NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]*$';

// How the descriptions spell an environment reference.
// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text a user writes
export const ENV_REFERENCE = '${env:VAR}';

export const Text = (options: SchemaOptions = {}) => Type.String({ ...options, minLength: 1 });
export const Milliseconds = (description: string) =>
  Type.Integer({ minimum: 1, description: `${description} (milliseconds)` });
/** A map whose keys are names (see NAME_PATTERN). */
export const Named = <T extends Parameters<typeof Type.Record>[1]>(
  value: T,
  options: SchemaOptions = {},
) => Type.Record(Type.String(), value, { ...options, propertyNames: { pattern: NAME_PATTERN } });
