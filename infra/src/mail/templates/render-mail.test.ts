import { describe, expect, it } from 'vitest';
import { mailKinds, type MailContext, type MailProject } from './mail-content.js';
import { renderMail } from './render-mail.js';

const project: MailProject = {
  id: 'fd31a7ee-d98d-4729-adf6-3613cad40416',
  orderLabel: '#1042',
  name: 'Living room pillows',
  lines: [
    { fabric: 'Belgian Linen Natural', item: 'Alex Pillow 18x18', quantity: 4, unitPrice: 4000, price: 16000 },
    { fabric: 'Cotton Velvet Blush', item: 'Bench cushion', quantity: 1, unitPrice: 3000, price: 3000 },
  ],
  cost: { labor: 19000, fabric: 0, subtotal: 19000, tax: 0, shipping: 0, total: 19000, paid: 5000, remaining: 14000 },
  due: '2026-06-05',
};

const context = (kind: string): MailContext => ({
  publicUrl: 'https://shop.example/',
  shop: { name: 'Soft Furnishings Shop', address: '100 Main Street, Springfield, IL 62701, USA', replyTo: 'orders@shop.example' },
  recipientName: 'Ann Archer',
  token: 'tok123',
  message: kind === 'pause' ? 'Waiting for the fabric.' : '',
  project,
});

/** The words a reader sees in the HTML: tags, the hidden preview line, styles and links' targets removed. */
function visibleWords(html: string): string[] {
  const body = withoutComments(html)
    .replace(/<head[\s\S]*?<\/head>/i, '')
    .replace(/<div[^>]*display:none[^>]*>[\s\S]*?<\/div>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#xa0;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
  return words(body);
}
/** The HTML without the comments React leaves between pieces of text. */
const withoutComments = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');
const words = (text: string) => text.toLowerCase().split(/\s+/).map((word) => word.replace(/^[[(]+|[\]),.:]+$/g, '')).filter((word) => /[a-z0-9]/.test(word) && !/^https?:/.test(word)); // rules (----) and links' targets aside

describe('the shop mail templates', () => {
  for (const kind of mailKinds) {
    it(`${kind}: an HTML and a text part that say the same, with the greeting and the shop`, async () => {
      const mail = await renderMail(kind, context(kind));
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('name="viewport"');
      const text = words(mail.text);
      const html = visibleWords(mail.html);
      // Every word the HTML shows is in the text part, and the text part adds nothing but links.
      expect(new Set(text)).toEqual(new Set(html));
      for (const part of [mail.text, withoutComments(mail.html)]) {
        expect(part).toContain('Dear Ann Archer,');
        expect(part).toContain('100 Main Street, Springfield, IL 62701, USA');
        expect(part).toContain('orders@shop.example');
      }
    });
  }

  for (const kind of ['invoice', 'pause', 'unpause', 'reminder', 'transfer'] as const) {
    it(`${kind}: names the order by its number, in the subject and both parts`, async () => {
      const mail = await renderMail(kind, context(kind));
      expect(mail.subject).toContain('#1042');
      expect(mail.text).toContain('Order #1042');
      expect(withoutComments(mail.html)).toContain('Order #1042');
    });
  }

  it('invoice: the items with quantities and prices, the totals, what is paid and what remains, the due date, the pay link', async () => {
    const mail = await renderMail('invoice', context('invoice'));
    for (const part of [mail.text, withoutComments(mail.html)]) {
      for (const expected of ['Alex Pillow 18x18', 'Belgian Linen Natural', '$40.00 each', '$160.00', 'Bench cushion', 'Total', '$190.00', 'Paid', '$50.00', 'Remaining', '$140.00', 'June 5, 2026']) {
        expect(part).toContain(expected);
      }
      expect(part).toContain('https://shop.example/invoice/fd31a7ee-d98d-4729-adf6-3613cad40416');
    }
  });

  it('greets someone whose name we do not know without a blank', async () => {
    const mail = await renderMail('profile_completion', { ...context('profile_completion'), recipientName: '' });
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('https://shop.example/profile-completion/tok123');
    expect(mail.text).not.toContain('Dear ,');
  });

  it('keeps staff words, and escapes them in the HTML', async () => {
    const mail = await renderMail('pause', { ...context('pause'), message: 'Fabric <late> & back-ordered' });
    expect(mail.text).toContain('Fabric <late> & back-ordered');
    expect(withoutComments(mail.html)).toContain('Fabric &lt;late&gt; &amp; back-ordered');
  });
});
