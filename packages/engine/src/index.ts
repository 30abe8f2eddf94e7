export type {
  AskRequest,
  AskResponse,
  AskStatus,
  AskTrace,
  AskUsage,
  Engine,
  EngineErrorInfo,
  ResultCell,
  ResultSet,
  RetrievalRecord,
  RetrieveRequest,
  RetrieveResponse,
  TraceNode,
} from './engine.js';
export { EngineError } from './engine-error.js';
export {
  ASK_REQUEST_JSON_SCHEMA,
  ASK_RESPONSE_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_REQUEST_JSON_SCHEMA,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';
export { ERROR_CODES, type ErrorCode, GENERIC_REFUSAL, isErrorCode } from './error-codes.js';
export { HttpEngine, type HttpEngineOptions } from './http-engine.js';
