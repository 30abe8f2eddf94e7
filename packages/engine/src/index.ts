export {
  type AskOptions,
  type AskRequest,
  type AskResponse,
  type AskStatus,
  type AskTiming,
  type AskTrace,
  type AskUsage,
  type Engine,
  type EngineDescription,
  type EngineErrorInfo,
  type ResultCell,
  type ResultSet,
  type RetrievalRecord,
  type RetrieveRequest,
  type RetrieveResponse,
  type SelectionState,
  type TraceNode,
  type TrajectoryStep,
  type TrajectoryStepKind,
  UNKNOWN_ENGINE,
} from './engine.js';
export { EngineError } from './engine-error.js';
export {
  ASK_REQUEST_JSON_SCHEMA,
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_REQUEST_JSON_SCHEMA,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
  TRAJECTORY_STEP_KINDS,
} from './engine-schema.js';
export { type ServedEngine, type ServeOptions, serveEngine } from './engine-server.js';
export { errorAnswer } from './error-answer.js';
export { ERROR_CODES, type ErrorCode, GENERIC_REFUSAL, isErrorCode } from './error-codes.js';
export {
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_REPLY_BYTES,
  HttpEngine,
  type HttpEngineOptions,
} from './http-engine.js';
export {
  encodeLineRequest,
  LINE_METHODS,
  LINE_REPLY_JSON_SCHEMA,
  LINE_REQUEST_JSON_SCHEMA,
  type LineMethod,
  type LineReply,
  type LineRequest,
} from './line-protocol.js';
export { ProcessEngine, type ProcessEngineOptions } from './process-engine.js';
export { ProcessEngineError, type ProcessStartFailure } from './process-engine-error.js';
