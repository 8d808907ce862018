import type { Dimensions } from '../project/model.js';
import { SINGLE_NUMBER_SIZE_STYLES } from './styles.js';

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const TWO_NUMBERS = new RegExp(String.raw`^\s*${NUMBER}\s*[x×]\s*${NUMBER}\s*$`, 'i');
/** Patty and Claude read only the first number, so a lone number or "n x anything" will do. */
const FIRST_NUMBER = new RegExp(String.raw`^\s*${NUMBER}(?:\s*[x×].*)?$`, 'i');

/**
 * Parses a custom pillow size typed as "number x number" into width × height (SPEC §5).
 * Patty keeps only its first number as height and Claude only its first number as width.
 * Returns null when the text does not parse or a used dimension is zero (no product matched).
 */
export function parseCustomPillowSize(style: string, text: string): Dimensions | null {
  const single = SINGLE_NUMBER_SIZE_STYLES[style as keyof typeof SINGLE_NUMBER_SIZE_STYLES];
  if (single) return parseSingle(single, text);
  const match = TWO_NUMBERS.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

function parseSingle(key: 'width' | 'height', text: string): Dimensions | null {
  const match = FIRST_NUMBER.exec(text);
  const value = Number(match?.[1] ?? 0);
  return value > 0 ? { [key]: value } : null;
}

/** Size labels compare without spaces or case, so "18 X 18" is the catalogue's "18x18". */
export function normalizeSizeLabel(text: string): string {
  return text.replace(/\s+/g, '').replace(/×/g, 'x').toLowerCase();
}
