export {
  type CalibrateOptions,
  type CalibrationDatabase,
  type CalibrationReport,
  calibrate,
  runCalibration,
} from './calibrate.js';
export {
  CALIBRATION_RECORD_FILE_FORMAT,
  CALIBRATION_RECORD_FORMAT,
  CALIBRATION_RECORD_JSON_SCHEMA,
  type CalibrationRecord,
  formatCalibrationRecord,
  type PairOutcome,
  parseCalibrationRecord,
  type RateInterval,
} from './calibration-record.js';
export {
  CALIBRATION_SET_FORMAT,
  CALIBRATION_SET_JSON_SCHEMA,
  type CalibrationComposition,
  type CalibrationPair,
  type CalibrationSet,
  composition,
  EQUIVALENCE_LABELS,
  type EquivalenceLabel,
} from './calibration-set.js';
export {
  CalibrationSetError,
  type CalibrationSetErrorCode,
  type CalibrationSetLocation,
} from './calibration-set-error.js';
export {
  type CalibrationThresholds,
  DEFAULT_CALIBRATION_THRESHOLDS,
  resolveCalibrationThresholds,
  thresholdFailures,
} from './calibration-thresholds.js';
export {
  type CascadeEvidence,
  type CascadeStep,
  type CascadeThresholds,
  type CaseOutcome,
  type CaseVerdict,
  DEFAULT_CASCADE_THRESHOLDS,
  decideTiers,
  type JudgeFinding,
  type JudgeTrigger,
  settleWithJudge,
  type Tier,
} from './cascade.js';
export { checkCalibration, requireCalibratedJudge } from './check-calibration.js';
export {
  formatJudgeIdentity,
  type Judge,
  type JudgeCallOptions,
  type JudgedQuery,
  type JudgedResult,
  type JudgeIdentity,
  type JudgeInput,
  type JudgeSchema,
  type JudgeVerdict,
  sameJudgeIdentity,
} from './judge.js';
export {
  type CaseJudgement,
  type JudgeCaseInput,
  type JudgeCaseOptions,
  judgeCase,
} from './judge-case.js';
export {
  buildJudgeUserPrompt,
  JUDGE_OUTPUT_LIMITS,
  JUDGE_OUTPUT_NAME,
  JUDGE_OUTPUT_SCHEMA,
  JUDGE_PROMPT_VERSION,
  JUDGE_SYSTEM_PROMPT,
  type JudgeOutput,
  type PromptOptions,
  promptSection,
} from './judge-prompt.js';
export { JUDGE_NODE, LlmJudge, type LlmJudgeOptions } from './llm-judge.js';
export {
  type LoadedCalibrationSet,
  loadCalibrationSet,
  parseCalibrationSet,
} from './load-calibration-set.js';
export { type HeadOptions, renderResultHead } from './result-head.js';
export { type SameAnswer, sameAnswer } from './same-answer.js';
export { renderSchema, sliceSchema } from './schema-slice.js';
export {
  UncalibratedJudgeError,
  type UncalibratedJudgeErrorCode,
} from './uncalibrated-judge-error.js';
export {
  type PairVerification,
  type VerificationDatabase,
  type VerificationStatus,
  type VerifyOptions,
  verifyCalibrationSet,
  verifyPair,
} from './verify-calibration-set.js';
