/** SPEC §9: prices are held in cents and shown as USD. */
export const formatCents = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
