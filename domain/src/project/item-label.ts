import { productTypeDisplayNames } from '../catalogue/categories.js';
import type { LineItem } from './model.js';

/**
 * A line item in words: its style and size, or the name a custom item was given. One wording for
 * the quote on the pages, the work order and the e-mails.
 */
export function itemLabel(item: LineItem): string {
  const type = item.product_type ? (productTypeDisplayNames as Record<string, string>)[item.product_type] : undefined;
  if (item.product_id === 0 || item.product_type === 'X' || item.product_type === 'R') return [type, item.name].filter(Boolean).join(': ') || 'Custom item';
  const d = item.dimensions ?? {};
  const dims = [d.length, d.width, d.height].filter((v) => v !== null && v !== undefined && v > 0).join('" x ');
  const size = item.size ?? (dims ? `${dims}"` : '');
  const channel = d.channelWidth ? `, ${d.channelWidth}" channels` : '';
  return [item.product_style, type].filter(Boolean).join(' ') + (size ? ` ${size}` : '') + channel;
}
