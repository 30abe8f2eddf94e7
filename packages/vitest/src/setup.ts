// For vitest's `setupFiles`: registers the matchers once per test file, so tests need no
// `expect.extend` of their own.
import { expect } from 'vitest';
import { nl2sqlMatchers } from './matchers.js';

expect.extend(nl2sqlMatchers);
