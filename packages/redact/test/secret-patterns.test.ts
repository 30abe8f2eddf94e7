import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySecretPatterns,
  looksLikeToken,
  MASK,
  maskSecretPatterns,
} from '../src/secret-patterns.js';

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A deterministic token-like string (letters and digits), like a provider's key body. */
function body(length: number, seed = 7): string {
  let out = '';
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += alnum[x % alnum.length];
  }
  return `${out.slice(0, -1)}7`;
}

describe('maskSecretPatterns finds credentials nobody configured', () => {
  const openai = `sk-proj-${body(48)}`;
  const anthropic = `sk-ant-api03-${body(40, 3)}-${body(20, 5)}`;
  const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${body(43, 11)}`;
  const cases: Array<[string, string, string]> = [
    ['OpenAI key', `Incorrect API key provided: ${openai}.`, openai],
    ['Anthropic key', `{"error":"invalid x-api-key ${anthropic}"}`, anthropic],
    ['short sk- key with digits', 'key sk-test-do-not-print-1234567890 refused', 'do-not-print'],
    ['AWS access key id', 'AWS_ACCESS_KEY_ID AKIAIOSFODNN7EXAMPLE in env', 'AKIAIOSFODNN7EXAMPLE'],
    ['GitHub token', `token ghp_${body(36)} expired`, `ghp_${body(36)}`],
    ['Slack token', 'xoxb-1234567890-abcdefghij posted', 'xoxb-1234567890'],
    ['Google key', `?key=AIza${body(35)}`, `AIza${body(35)}`],
    ['Hugging Face token', `hf_${body(34)}`, `hf_${body(34)}`],
    ['JWT', `session ${jwt}`, jwt],
    ['bearer token', 'Authorization was Bearer abc123def456ghi', 'abc123def456ghi'],
    ['authorization header', 'authorization: Basic dXNlcjpodW50ZXIy', 'dXNlcjpodW50ZXIy'],
    ['authorization in JSON', '{"Authorization":"Bearer tokenvalue"}', 'tokenvalue'],
    ['password in URL', 'POST http://alice:hunter22@db.local:5432/x failed', 'hunter22'],
    ['env assignment', 'OPENAI_API_KEY=sk-test-SECRET', 'sk-test-SECRET'],
    ['password assignment', 'connect password=correct horse', 'correct'],
    ['JSON password', '{"password": "s3cr3t!"}', 's3cr3t!'],
    ['query string key', 'GET /v1/x?api_key=abcd1234&q=1', 'abcd1234'],
    ['header-style key', 'x-api-key: 0123abcd', '0123abcd'],
    ['long token after key=', `cache key=${body(24)}`, body(24)],
    [
      'private key block',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
      'MIIEpAIBAAKCAQEA',
    ],
  ];
  it.each(cases)('%s', (_name, text, secret) => {
    const out = maskSecretPatterns(text);
    expect(out).toContain(MASK);
    expect(out).not.toContain(secret);
  });

  it('keeps the context around a masked value', () => {
    expect(maskSecretPatterns('OPENAI_API_KEY=sk-test-SECRET rest')).toBe(
      `OPENAI_API_KEY=${MASK} rest`,
    );
    expect(maskSecretPatterns('http://alice:hunter22@db.local/x')).toBe(
      `http://alice:${MASK}@db.local/x`,
    );
    expect(maskSecretPatterns('Authorization: Bearer abc123def456')).toBe(
      `Authorization: Bearer ${MASK}`,
    );
  });
});

describe('maskSecretPatterns leaves ordinary text alone', () => {
  const ordinary = [
    'SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY tracks DESC LIMIT 5',
    "SELECT * FROM Customer WHERE Email = 'luisg@embraer.com.br' AND Country = 'Brazil'",
    'CREATE TABLE t (id INTEGER PRIMARY KEY, key TEXT, token_count INT)',
    'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    'case chinook_032 failed; chinook_101 passed',
    '123e4567-e89b-12d3-a456-426614174000',
    '{"input":1000,"cached":600,"max_tokens":4096,"output":250}',
    'primary_key=id sort_key=name page_token=abc max_token: 4096',
    'monkey: banana, turkey=sandwich',
    'locale sk-SK and sk-learn',
    'Basic information about the bearer of bad news',
    'http://127.0.0.1:8080/ask and postgres://db.local:5432/chinook',
    'http://[::1]:8080/describe',
    '2026-11-29T20:00:05Z took 1234.5 ms, 3.14159, -42, 1e9',
    'Rock 1297, Latin 579, Metal 374',
    'The resolver found no datasource that can answer the question.',
    'schema_fingerprint fp:9c3e0a1b2c3d4e5f suite_digest=sha256:5a1d',
  ];
  it.each(ordinary)('%s', (text) => {
    expect(maskSecretPatterns(text)).toBe(text);
  });

  it('is idempotent on any text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const once = maskSecretPatterns(text);
        expect(maskSecretPatterns(once)).toBe(once);
      }),
    );
  });
});

describe('a masked value stays one mask (issue 30: `[redacted]]]]`)', () => {
  it.each([
    ['password=hunter2', 'password=[redacted]'],
    ['password=hunter2 then', 'password=[redacted] then'],
    ['{"api_key": "sk-abc123def456ghi"}', '{"api_key": "[redacted]"}'],
    ["{'password': 'hunter22'}", "{'password': '[redacted]'}"],
    ['OPENAI_API_KEY=sk-proj-abc123def456', 'OPENAI_API_KEY=[redacted]'],
  ])('%s', (text, masked) => {
    const once = maskSecretPatterns(text);
    expect(once).toBe(masked);
    expect(maskSecretPatterns(maskSecretPatterns(once))).toBe(masked);
  });

  it('masks a credential value once, whatever follows it, and again changes nothing (property)', () => {
    const name = fc.constantFrom('password', 'api_key', 'OPENAI_API_KEY', 'client_secret');
    const separator = fc.constantFrom('=', ': ', '": "', ':', ' = ');
    // A value stops at `]` (JSON and list delimiters), so the generated ones hold none.
    const value = fc.stringMatching(/^[A-Za-z0-9_\-!#$%^*+.~]{4,24}$/);
    const tail = fc.constantFrom('', '"', '"}', ' and more', ']', ']]', ', next=1');
    fc.assert(
      fc.property(name, separator, value, tail, (n, sep, v, t) => {
        const once = maskSecretPatterns(`${n}${sep}${v}${t}`);
        expect(once).toBe(`${n}${sep}[redacted]${t}`);
        expect(maskSecretPatterns(once)).toBe(once);
      }),
    );
  });
});

describe('looksLikeToken', () => {
  it('wants 16+ characters mixing letters and digits', () => {
    expect(looksLikeToken(body(16))).toBe(true);
    expect(looksLikeToken('abcdefghijklmnop')).toBe(false);
    expect(looksLikeToken('1234567890123456')).toBe(false);
    expect(looksLikeToken('abc123')).toBe(false);
  });
});

describe('cost', () => {
  it('stays linear on adversarial input', () => {
    const inputs = [
      'a-'.repeat(250_000),
      'key='.repeat(125_000),
      'http://'.repeat(70_000),
      'Bearer '.repeat(70_000),
      'x.'.repeat(250_000) + 'key',
      'authorization: '.repeat(30_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      maskSecretPatterns(input);
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });
});

describe('the anchors a text is screened with before the patterns', () => {
  // Pieces of every pattern's matches and of ordinary text, in any order and case: the
  // screened and the unscreened masking must give the same text for each.
  const pieces = fc.constantFrom(
    '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----',
    'postgres://alice:hunter22@db.local/x',
    'Authorization: Basic dXNlcjpwYXNz',
    'Bearer abc123def456ghi',
    `sk-proj-${body(30)}`,
    'AKIAABCDEFGHIJKLMNOP',
    `ghp_${body(36)}`,
    `github_pat_${body(40)}`,
    'xoxb-1234567890-abcdef',
    `AIza${body(35)}`,
    `hf_${body(34)}`,
    `eyJ${body(10)}.${body(10)}.${body(10)}`,
    'api_key=abcd1234efgh5678',
    'PASSWORD: "s3cret!!"',
    'pwd=abcd',
    'cache_key=0123456789abcdefXYZ',
    'SELECT Name FROM Artist WHERE ArtistId = 1',
    'chinook_001',
    ' ',
    '=',
    ':',
  );
  const text = fc
    .array(fc.oneof(pieces, fc.string({ maxLength: 12 })), { maxLength: 6 })
    .chain((parts) =>
      fc
        .array(fc.boolean(), { minLength: parts.length, maxLength: parts.length })
        .map((upper) => parts.map((p, i) => (upper[i] ? p.toUpperCase() : p)).join('')),
    );

  it('never change what the patterns mask', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(maskSecretPatterns(t)).toBe(applySecretPatterns(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('let a text with no anchor through as it is', () => {
    expect(maskSecretPatterns('SELECT Name FROM Artist ORDER BY 1')).toBe(
      'SELECT Name FROM Artist ORDER BY 1',
    );
  });
});
