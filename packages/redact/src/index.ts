export {
  MIN_SECRET_LENGTH,
  Redactor,
  type RedactorOptions,
  redact,
  type SecretValue,
} from './redactor.js';
export {
  looksLikeToken,
  MASK,
  maskSecretPatterns,
  SECRET_PATTERNS,
  type SecretPattern,
} from './secret-patterns.js';
