import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStreamEvents } from './stream.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../support/smtp.js';
import type { TestShop } from '../../support/shop.js';
import { anonymous, completeFabric, loggedIn, STAFF, startCommandShop, staffClient } from './helpers.js';

let smtp: TestSmtpServer;
let shop: TestShop;
beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await startCommandShop({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await shop?.stop();
  await smtp?.stop();
});

const address = { recipient_name: 'Cora Customer', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };

describe('the whole flow, over HTTP and SMTP', () => {
  it('sign up → activation mail → project → review → price, approve, invoice → checkout → pause, unpause → transfer', async () => {
    const email = 'cora@shop.test';
    const customer = await anonymous(shop);
    expect((await customer.post('/api/users/', { email, name: 'Cora Customer', password: 'Cora-Pass1' })).status).toBe(201);

    const activationMail = await smtp.waitFor((mail) => mail.to.includes(email) && /Activate your account/.test(mail.raw));
    const key = linkIn(activationMail, `${shop.url}/activation/`).split('/').pop()!;
    expect((await customer.put('/api/activation/', { activation_key: key })).status).toBe(200);
    await loggedIn(shop, email, 'Cora-Pass1').then((client) => Object.assign(customer, client));

    const created = await customer.post('/api/projects/', { name: 'Bay window', fabrics: [] });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edited = await customer.put(`/api/projects/${id}/`, { fabrics: [completeFabric()], revision: created.body.revision });
    expect(edited.status).toBe(200);
    const submitted = await customer.put(`/api/projects/${id}/`, { state: 'R', revision: edited.body.revision });
    expect(submitted.body.state).toBe('R');

    const staff = await staffClient(shop);
    const priced = await staff.put(`/api/internal/projects/${id}/`, {
      fabrics: [{ ...completeFabric(), items: [{ ...completeFabric().items[0], unit_price: 10_000, yardage: 2 }] }],
      shipping_cost: 0,
    });
    expect(priced.status, priced.text).toBe(200);
    const approved = await staff.put(`/api/internal/projects/${id}/`, { state: 'A' });
    expect(approved.body.state).toBe('A');
    expect((await staff.post(`/api/internal/projects/${id}/invoice/`, { message: 'Thank you!' })).status).toBe(200);
    const invoiceMail = await smtp.waitFor((mail) => mail.to.includes(email) && /Invoice for Bay window/.test(mail.raw));
    // A shop's invoice (issue 53): HTML and text parts, the customer by name, the order number, items and totals.
    const orderLabel = created.body.order_label as string;
    expect(orderLabel).toMatch(/^#\d+$/);
    expect(invoiceMail.raw).toMatch(/multipart\/alternative/);
    expect(invoiceMail.raw).toMatch(/Content-Type: text\/html/);
    expect(invoiceMail.raw).toMatch(/Reply-To: /);
    for (const expected of ['Dear Cora Customer,', `Order ${orderLabel}`, 'Thank you!', 'Total', 'Paid', 'Remaining', 'Window seat', '$100.00 each', '$200.00']) expect(invoiceMail.raw).toContain(expected);

    const paid = await customer.put(`/api/checkout/${id}/`, {
      shipping_notes: { shipping_address: address, delivery_type: 0 },
      payment: { token: 'tok_sandbox_visa' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ state: 'P', payment_gateway: { name: 'sandbox', test_mode: true }, payment: { partial: false, remaining: 0 } });

    expect((await staff.post(`/api/internal/projects/${id}/pause/`, { message: 'Waiting for fabric.' })).body.state).toBe('PS');
    await smtp.waitFor((mail) => mail.to.includes(email) && /is paused/.test(mail.raw) && /Waiting for fabric/.test(mail.raw));
    expect((await staff.post(`/api/internal/projects/${id}/unpause/`, { message: 'Fabric arrived.' })).body.state).toBe('P');
    const unpauseMail = await smtp.waitFor((mail) => mail.to.includes(email) && /back in production/.test(mail.raw));
    expect(unpauseMail.raw).toContain(`Order ${orderLabel}`);

    const transferred = await staff.put('/api/internal/transfer/', { project_id: id, email: STAFF.email });
    expect(transferred.status).toBe(200);
    expect(transferred.body.message).toBe(`Project "Bay window" was transferred to Staff (${STAFF.email}).`);
    await smtp.waitFor((mail) => mail.to.includes(STAFF.email) && /is now yours/.test(mail.raw));

    const events = await readStreamEvents(shop, `project-${id}`);
    const customerId = created.body.user;
    const steps = events.map((event) => [event.type, event.metadata.actor === customerId ? 'customer' : event.metadata.actor === 'system' ? 'system' : 'staff']);
    expect(steps).toEqual(
      expect.arrayContaining([
        ['ProjectCreated', 'customer'],
        ['DraftSaved', 'customer'],
        ['SubmittedForReview', 'customer'],
        ['ItemsPriced', 'staff'],
        ['ProjectApproved', 'staff'],
        ['InvoiceSent', 'staff'],
        ['CheckoutDetailsUpdated', 'customer'],
        ['PaymentRecorded', 'customer'],
        ['ProjectPaused', 'staff'],
        ['ProjectUnpaused', 'staff'],
        ['ProjectTransferred', 'staff'],
        ['EmailSent', 'system'],
      ]),
    );
    for (const event of events) expect(event.data.by).toBe(event.metadata.actor);
  });
});

describe('mail delivery', () => {
  it('retries a refused message with backoff and sends it once', async () => {
    smtp.refuseNext(1);
    const client = await anonymous(shop);
    await client.post('/api/users/', { email: 'retry@shop.test', name: 'Retry', password: 'Retry-Pass1' });
    await smtp.waitFor((mail) => mail.to.includes('retry@shop.test'), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.filter((mail) => mail.to.includes('retry@shop.test'))).toHaveLength(1);
    const row = await shop.db.pool.query("SELECT status, attempts FROM mail_deliveries WHERE recipient = 'retry@shop.test'");
    expect(row.rows[0]).toEqual({ status: 'sent', attempts: 2 });
  });

  it('leaves one usable link when an account mail is refused and then sent', async () => {
    smtp.refuseNext(1);
    const client = await anonymous(shop);
    await client.post('/api/users/', { email: 'retry-link@shop.test', name: 'Retry Link', password: 'Retry-Pass1' });
    const mail = await smtp.waitFor((received) => received.to.includes('retry-link@shop.test'), 20_000);
    const tokens = await shop.db.pool.query<{ made: number; usable: number }>(
      "SELECT count(*)::int AS made, (count(*) FILTER (WHERE used_at IS NULL AND expires_at > now()))::int AS usable FROM account_tokens WHERE email = 'retry-link@shop.test'",
    );
    // Each attempt made a link; only the one in the mail that went is still usable.
    expect(tokens.rows[0]).toEqual({ made: 2, usable: 1 });
    const key = linkIn(mail, `${shop.url}/activation/`).split('/').pop()!;
    expect((await client.put('/api/activation/', { activation_key: key })).status).toBe(200);
  });
});
