import { describe, expect, it } from 'vitest';
import { formatCents, formatDate } from './format';

describe('formatDate', () => {
  it('formats as MM/dd/yyyy', () => {
    expect(formatDate('2025-03-07')).toBe('03/07/2025');
    expect(formatDate(new Date(2024, 11, 25, 15, 30))).toBe('12/25/2024');
    expect(formatDate(new Date(2024, 0, 5).toISOString())).toBe('01/05/2024');
  });
  it('is empty for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatCents', () => {
  it('shows cents as USD, zero included, and Price TBD when missing', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe('Price TBD');
    expect(formatCents(undefined)).toBe('Price TBD');
  });
});
