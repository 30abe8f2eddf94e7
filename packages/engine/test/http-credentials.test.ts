import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../src/engine-error.js';
import { engineUrl } from '../src/http-credentials.js';

/** A user or password part as typed in a URL: any text, percent-encoded. */
const part = fc.string({ minLength: 1, maxLength: 12 });

describe('engineUrl', () => {
  it('takes any user:password out of the URL into Basic auth, and lists every form as a secret', () => {
    fc.assert(
      fc.property(part, part, (user, password) => {
        const typed = `https://${encodeURIComponent(user)}:${encodeURIComponent(password)}@engine.test:8443/api/`;
        const { url, headers, secrets } = engineUrl(typed);
        expect(url).toBe('https://engine.test:8443/api');
        const basic = headers.authorization as string;
        expect(Buffer.from(basic.replace(/^Basic /, ''), 'base64').toString('utf8')).toBe(
          `${user}:${password}`,
        );
        expect(secrets).toEqual(
          expect.arrayContaining([
            basic,
            `${user}:${password}`,
            password,
            encodeURIComponent(password),
          ]),
        );
      }),
    );
  });

  it('keeps a user name with a password visible, and masks one given alone (a token)', () => {
    expect(engineUrl('http://admin:pw@h/').secrets).not.toContain('admin');
    const token = engineUrl('http://tok3n@h/');
    expect(token.secrets).toContain('tok3n');
    expect(token.url).toBe('http://h');
  });

  it('lists header values as secrets and leaves a URL without credentials as it is', () => {
    const { url, headers, secrets } = engineUrl('http://127.0.0.1:9000', { 'x-key': 'k1' });
    expect(url).toBe('http://127.0.0.1:9000');
    expect(headers).toEqual({ 'x-key': 'k1' });
    expect(secrets).toEqual(['k1']);
  });

  it.each([
    ['ftp://u:p@h/', 'HttpEngine: not an http(s) URL: "[redacted]@h/"'],
    ['not a url', 'HttpEngine: not an http(s) URL: "not a url"'],
  ])('refuses %s without showing its credentials', (typed, message) => {
    expect(() => engineUrl(typed)).toThrow(new EngineError('INVALID_REQUEST', message));
  });

  it('refuses credentials given both in the URL and in an Authorization header', () => {
    expect(() => engineUrl('http://u:p@h/', { Authorization: 'Bearer x' })).toThrow(
      /credentials are both in the URL and in an Authorization header/,
    );
  });
});
