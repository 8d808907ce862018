import { afterEach } from 'vitest';
import { takePageProblems } from './browser.js';

// Every browser test fails on a console error, a page error or a failed request of any page it
// opened (tests/support/browser.ts), not only on what it asserts.
afterEach(() => {
  const problems = takePageProblems();
  if (problems.length) throw new Error(`The pages had ${problems.length} problem(s):\n${problems.join('\n')}`);
});
