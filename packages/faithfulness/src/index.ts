export type { AnswerText, FaithfulnessVerdict } from './check-answer.js';
export { checkAnswer } from './check-answer.js';
export type { Decimal } from './decimal.js';
export type { ResultRows } from './evidence.js';
export { explainVerdict } from './explain.js';
export type { NameClaim } from './names.js';
export { scanNames } from './names.js';
export type { NumberClaim, Sign } from './numbers.js';
export { scanNumbers } from './numbers.js';
