// The JSON Schema files of the protocol's messages, written from the definitions by
// `pnpm schemas` and checked by test/schema-files.test.ts.

import type { SchemaFile } from '@nl2sql/format';
import {
  ASK_REQUEST_JSON_SCHEMA,
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  LINE_REPLY_JSON_SCHEMA,
  LINE_REQUEST_JSON_SCHEMA,
  RETRIEVE_REQUEST_JSON_SCHEMA,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'ask-request.schema.json', document: ASK_REQUEST_JSON_SCHEMA },
  { file: 'ask-response.schema.json', document: ASK_RESPONSE_JSON_SCHEMA },
  { file: 'retrieve-request.schema.json', document: RETRIEVE_REQUEST_JSON_SCHEMA },
  { file: 'retrieve-response.schema.json', document: RETRIEVE_RESPONSE_JSON_SCHEMA },
  { file: 'engine-description.schema.json', document: ENGINE_DESCRIPTION_JSON_SCHEMA },
  { file: 'line-request.schema.json', document: LINE_REQUEST_JSON_SCHEMA },
  { file: 'line-reply.schema.json', document: LINE_REPLY_JSON_SCHEMA },
];
