// Shapes that are credentials whoever configured them: provider keys with a known prefix,
// bearer and basic credentials, a password in a URL, and values assigned to a name that
// says "key", "token" or "password". Each pattern is anchored on something a credential
// has and ordinary text lacks (a prefix, a header name, `user:pass@`), so SQL, numbers,
// digests, UUIDs and case ids pass through untouched. Quantifiers before the anchor are
// bounded so no input makes a pattern slower than linear.

export const MASK = '[redacted]';

export interface SecretPattern {
  /** What the pattern finds, for documentation and tests. */
  readonly name: string;
  readonly regex: RegExp;
  /** The replacement for one match (keeps the non-secret context, masks the rest). */
  readonly replace: (match: string, ...groups: string[]) => string;
}

const hasDigit = (s: string) => /\d/.test(s);
const hasLetter = (s: string) => /[A-Za-z]/.test(s);

/** A value long and mixed enough to be a generated token rather than a word or a number. */
export function looksLikeToken(value: string): boolean {
  return value.length >= 16 && hasDigit(value) && hasLetter(value);
}

// Names whose value is a credential whatever it looks like.
const CREDENTIAL_NAME =
  /(?:password|passwd|pwd|secret|credentials?|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|(?:api|auth|access|refresh|bearer|session)[_-]?token)$/i;

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    name: 'private key block',
    regex: /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?-----END [A-Z ]{0,40}PRIVATE KEY-----/g,
    replace: () => MASK,
  },
  {
    name: 'password in a URL (scheme://user:password@host)',
    regex: /\b([a-z][a-z0-9+.-]{0,30}:\/\/[^\s/?#@:]{0,128}:)([^\s/?#@]{1,256})@/gi,
    replace: (_m, before) => `${before}${MASK}@`,
  },
  {
    name: 'Authorization header value',
    regex:
      /\b((?:proxy-)?authorization\\?["']?\s{0,4}[:=]\s{0,4}\\?["']?)(?:(basic|bearer|token|digest|apikey)\s+)?([^\s"'\\,;]+)/gi,
    replace: (match, before, scheme, value) => {
      if (!scheme && value.length < 6) return match;
      return `${before}${scheme ? `${scheme} ` : ''}${MASK}`;
    },
  },
  {
    name: 'bearer token',
    regex: /\b(bearer\s{1,4})([A-Za-z0-9\-._~+/]{8,}=*)/gi,
    replace: (match, before, token) => (hasDigit(token) ? `${before}${MASK}` : match),
  },
  {
    name: 'OpenAI or Anthropic key (sk-, sk-proj-, sk-ant-)',
    regex: /\bsk-[A-Za-z0-9_-]{8,}/g,
    replace: (match) => (hasDigit(match) || match.length >= 23 ? MASK : match),
  },
  {
    name: 'AWS access key id',
    regex: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g,
    replace: () => MASK,
  },
  {
    name: 'GitHub token',
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g,
    replace: () => MASK,
  },
  { name: 'Slack token', regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replace: () => MASK },
  { name: 'Google API key', regex: /\bAIza[0-9A-Za-z_-]{30,}/g, replace: () => MASK },
  { name: 'Hugging Face token', regex: /\bhf_[A-Za-z0-9]{30,}/g, replace: () => MASK },
  {
    name: 'JSON Web Token',
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    replace: () => MASK,
  },
  {
    // `OPENAI_API_KEY=...`, `"password": "..."`, `?api_key=...`, `token=...`. A credential
    // name masks any value; a name merely ending in key/token (cache_key, page_token) masks
    // only a long letters-and-digits value, so `primary_key=id` and `max_token: 4096` stay.
    name: 'value assigned to a key, token or password name',
    // A value that is already the mask is left alone (the lookahead): the value stops at `]`,
    // so `[redacted` would otherwise be masked again and leave the `]`, one more per pass.
    regex:
      /\b([A-Za-z0-9_.-]{0,40}?(?:password|passwd|pwd|secret|credentials?|key|token|auth))(\\?["']?\s{0,4}[:=]\s{0,4}\\?["']?)(?!\[redacted\])([^\s"'\\&,;)}\]<>]+)/gi,
    replace: (match, name, separator, value) => {
      const masks = CREDENTIAL_NAME.test(name) ? value.length >= 4 : looksLikeToken(value);
      return masks ? `${name}${separator}${MASK}` : match;
    },
  },
];

/**
 * Something each pattern's match has to contain (its prefix, header name, `://`, or a word of
 * the name-and-value pattern), case folded: a text with none of them matches no pattern, so
 * the twelve passes are skipped. Most texts of a record (ids, SQL, cells, verdicts) have none;
 * a text that has one goes through every pattern as before.
 */
const ANCHORS =
  /-----BEGIN|:\/\/|authorization|bearer|sk-|AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|gh[pousr]_|github_pat_|xox|AIza|hf_|eyJ|password|passwd|pwd|secret|credential|key|token|auth/i;

/** Apply every pattern, in order. */
export function maskSecretPatterns(text: string): string {
  return ANCHORS.test(text) ? applySecretPatterns(text) : text;
}

/** @internal Every pattern in order, whatever the text holds (the tests hold the two equal). */
export function applySecretPatterns(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern.regex, pattern.replace as (m: string, ...g: string[]) => string);
  }
  return out;
}
