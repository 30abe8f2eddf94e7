// @nl2sql/evaluate/options: what a command line needs before it runs anything (errors, exit
// codes, the strict number reading, the IO interface, option names). Light on purpose: it
// loads no runner, parser or schema, so `nl2sql --help` stays fast.

export { isEngineUrl } from './engine-url.js';
export { configError, EvaluateError, usageError } from './evaluate-error.js';
export { EXIT, type ExitCode } from './exit-codes.js';
export { type Io, processIo } from './io.js';
export { MAX_PASSES } from './limits.js';
export { type NumberRule, parseNumber } from './number-value.js';
export { optionName, optionOf } from './option-name.js';
export { DEFAULT_SUITE_MAX_MIB, suiteMaxBytes } from './project/suite-size.js';
export { asEvaluateError } from './reporting/reporter-error.js';
