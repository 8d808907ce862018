/**
 * The sandbox gateway's client-side widget: it turns the card number into a payment token in the
 * browser, so the card number never reaches our server (the API takes only the token). A real
 * provider ships its own widget; this one knows the documented test cards.
 */
const testCardTokens: Record<string, string> = {
  '4242424242424242': 'tok_sandbox_visa',
  '4000000000000002': 'tok_sandbox_chargeDeclined',
  '4000000000009995': 'tok_sandbox_insufficientFunds',
};

export function tokenizeSandboxCard(cardNumber: string): string {
  return testCardTokens[cardNumber.replace(/[\s-]/g, '')] ?? 'tok_sandbox_unknownCard';
}
