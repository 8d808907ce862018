import { describe, expect, it } from 'vitest';
import { commandRoutes } from '@shop/command-api';
import { createLogger, SandboxPaymentGateway, systemClock, uuidIds, type AuthorizeRequest } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { createApiApp, createOpenApiRegistry, createSessionSecurity, listen } from '@shop/http-shell';
import { completeFabric, customItem, shopWithCustomerAndStaff } from './helpers.js';

/**
 * Payments: the API takes only the token of the gateway's client-side widget, and the money is
 * authorised, the payment appended, and only then captured (by the payment reactor, decision
 * 0380), so a failed append leaves no charge.
 */
const address = { recipient_name: 'Cora', line1: '1 Main St', city: 'Brooklyn', state: 'NY', postal_code: '11201' };

const world = shopWithCustomerAndStaff();

async function approvedProject(): Promise<string> {
  const created = await world.customer.post('/api/projects/', { name: 'Sofa cushions', fabrics: [completeFabric()] });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  expect((await world.customer.put(`/api/projects/${id}/`, { state: 'R' })).status).toBe(200);
  const priced = await world.staff.put(`/api/internal/projects/${id}/`, { fabrics: [{ ...completeFabric(), items: [{ ...customItem, unit_price: 10_000, yardage: 1 }] }] });
  expect(priced.status, priced.text).toBe(200);
  expect((await world.staff.put(`/api/internal/projects/${id}/`, { state: 'A' })).body.state).toBe('A');
  return id;
}

const streamOf = (id: string) => new PostgresEventStore(world.shop.db.pool).readStream(`project-${id}`);

describe('checkout payments', () => {
  it('refuses a raw card number: only a widget token is accepted', async () => {
    const id = await approvedProject();
    const raw = await world.customer.put(`/api/checkout/${id}/`, { shipping_notes: { shipping_address: address, delivery_type: 0 }, payment: { card_number: '4242424242424242' } });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toBe('Please enter a card number.');
    expect((await streamOf(id)).map((event) => event.type)).not.toContain('PaymentRecorded');
  });

  it('voids the authorisation when the append fails, so no charge is left', async () => {
    const id = await approvedProject();
    // A second command API on the same database, whose gateway lets staff write to the project
    // while the card is being authorised: the payment's append then loses the race (409).
    const gateway = new (class extends SandboxPaymentGateway {
      authorizationIds: string[] = [];
      override async authorize(request: AuthorizeRequest) {
        const result = await super.authorize(request);
        if (result.status === 'authorized') this.authorizationIds.push(result.authorizationId);
        const note = await world.staff.post(`/api/internal/projects/${id}/notes/`, { text: 'Written while the card was authorised' });
        expect(note.status, note.text).toBe(201);
        return result;
      }
    })(world.shop.db.pool);
    const security = await createSessionSecurity(world.shop.db.pool);
    const deps = { pool: world.shop.db.pool, eventStore: new PostgresEventStore(world.shop.db.pool), clock: systemClock, ids: uuidIds, logger: createLogger('silent'), security };
    const app = createApiApp({ logger: deps.logger, before: security.middleware, routers: [commandRoutes({ ...deps, payments: gateway, registry: createOpenApiRegistry() })] });
    const racing = await listen(app, 0);
    try {
      const revision = (await streamOf(id)).length - 1;
      const paid = await world.customer.pointedAt(`http://127.0.0.1:${racing.port}`).put(`/api/checkout/${id}/`, {
        shipping_notes: { shipping_address: address, delivery_type: 0 },
        payment: { token: 'tok_sandbox_visa' },
        revision,
      });
      expect(paid.status, paid.text).toBe(409);
      expect(gateway.authorizationIds).toHaveLength(1);
      expect(await gateway.stateOf(gateway.authorizationIds[0]!)).toBe('voided');
      expect((await streamOf(id)).map((event) => event.type)).not.toContain('PaymentRecorded');
    } finally {
      await racing.close();
      await security.close();
    }
  });

  it('records the authorisation, and the payment reactor captures it after the append', async () => {
    const id = await approvedProject();
    const paid = await world.customer.put(`/api/checkout/${id}/`, { shipping_notes: { shipping_address: address, delivery_type: 0 }, payment: { token: 'tok_sandbox_visa' } });
    expect(paid.status, paid.text).toBe(200);
    const chargeId = paid.body.payment.chargeId as string;
    const recorded = (await streamOf(id)).find((event) => event.type === 'PaymentRecorded');
    expect(recorded?.data).toMatchObject({ chargeId });
    const types = async () => (await streamOf(id)).map((event) => event.type);
    await expect.poll(types, { timeout: 30_000 }).toContain('PaymentCaptured');
    const stream = await streamOf(id);
    // The capture follows its authorisation's event, caused by it.
    const captured = stream.find((event) => event.type === 'PaymentCaptured')!;
    expect(captured.revision).toBeGreaterThan(recorded!.revision);
    expect(captured).toMatchObject({ data: { chargeId, attempts: 1 }, metadata: { actor: 'system', causationId: recorded!.id } });
    expect(await new SandboxPaymentGateway(world.shop.db.pool).stateOf(chargeId)).toBe('captured');
  });
});
