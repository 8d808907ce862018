import { describe, expect, it } from 'vitest';
import { tokenizeSandboxCard } from './sandbox-card-widget';

describe('sandbox card widget', () => {
  it('turns the test cards into tokens, spaces and dashes ignored', () => {
    expect(tokenizeSandboxCard('4242 4242 4242 4242')).toBe('tok_sandbox_visa');
    expect(tokenizeSandboxCard('4000-0000-0000-0002')).toBe('tok_sandbox_chargeDeclined');
    expect(tokenizeSandboxCard('4000000000009995')).toBe('tok_sandbox_insufficientFunds');
  });

  it('gives any other card a token the sandbox declines, never the number itself', () => {
    expect(tokenizeSandboxCard('5555 5555 5555 4444')).toBe('tok_sandbox_unknownCard');
  });
});
