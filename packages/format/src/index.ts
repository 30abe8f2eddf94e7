export {
  type SchemaOptions,
  type Static,
  type TImport,
  type TModule,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
  Type,
} from '@sinclair/typebox';
export {
  Dictionary,
  EnumOf,
  FormatRef,
  Nullable,
  type Referable,
  StringEnum,
} from './definition-types.js';
export { inDocumentOrder } from './document-order.js';
export {
  type DocumentPositions,
  documentPositions,
  type ParsedText,
  type Position,
  parseWithPositions,
} from './document-positions.js';
export { type DocumentValidator, documentValidator } from './document-validator.js';
export {
  type FieldPath,
  fieldName,
  jsonPointer,
  type PathSegment,
  pointerPath,
  pointerSegment,
} from './field-path.js';
export { defineFormat, type Format, type FormatOptions } from './format.js';
export { DEFAULT_PHRASING, type IssuePhrasing, jsonTypeOf } from './issue-phrasing.js';
export { JSON_SCHEMA_DIALECT, type JsonSchema } from './json-schema.js';
export { type LocatedIssue, locatedMessage, locateIssue } from './located-message.js';
export {
  precompiledValidatorsModule,
  registerPrecompiledValidator,
  type ValidatedDocument,
  validatorKey,
} from './precompiled-validators.js';
export { type DocumentHeader, schemaDocument } from './schema-document.js';
export { type SchemaFile, staleSchemaFiles, writeSchemaFiles } from './schema-files.js';
export { mostSpecificIssue, type SchemaIssue, singleTypeIssue } from './schema-issue.js';
export { schemaText } from './schema-text.js';
export { structuredOutputSchema } from './structured-output-schema.js';
