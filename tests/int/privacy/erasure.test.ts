import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERASED, erasePersonalFields } from '@shop/domain';
import { createLogger, embeddedConfigSchema, loadConfig } from '@shop/infra';
import { PostgresEventStore } from '@shop/event-store';
import { protectPersonalData } from '@shop/personal-data';
import { createTestDatabase, type TestDatabase } from '@shop/infra/testing';
import { allProjections, rebuildAll } from '@shop/projectors';
import { startShop, type RunningShop } from '@shop/server';
import { anonymous, staffClient, staffEnv } from '../commands/helpers.js';
import { customerOrders } from './on-disk.js';
import type { TestShop } from '../../support/shop.js';
import { everyTableAsText, filesUnder, projectionsCaughtUp, tableSnapshot } from './support.js';

// The person: every value unique enough that finding it anywhere means it leaked.
const person = {
  email: 'erin.erasable@forget.test',
  name: 'Erin Erasable-Zed',
  phone: '555-0147-99',
  password: 'Erin-Pass1',
};
const address = { recipient_name: 'Erin Erasable-Zed', line1: '77 Forgotten Lane', city: 'Oblivion City', state: 'NY', postal_code: '11249' };
const clearValues = [person.email, person.name, person.phone, address.line1, address.city, 'Erasable', 'erin-sofa-photo'];
// The postal code is digits: found as a whole number, not inside an id or a timestamp.
const postalCode = new RegExp(`\\b${address.postal_code}\\b`);

let db: TestDatabase;
let running: RunningShop;
let shop: TestShop;
let dataDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase(inject('adminDatabaseUrl'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-erasure-'));
  const config = loadConfig(embeddedConfigSchema, { PORT: '0', DATABASE_URL: db.url, DATA_DIR: dataDir, ...staffEnv });
  // Every log line at every level is kept, to prove none holds personal data.
  running = await startShop(config, createLogger('trace', 'shop', { pretty: false, destination: { write: (line: string) => void logLines.push(line) } }));
  shop = { ...running, url: running.url!, db };
});
afterAll(async () => {
  await running?.stop();
  await db?.drop();
});

describe('erasure of a customer who signed up, ordered and paid', () => {
  it('leaves no personal data in clear anywhere, keeps money and audit trail, and a rebuild gives the same tables', { timeout: 300_000 }, async () => {
    // Sign up, activate, order, upload a photo, get priced, invoiced, pay with the shipping address.
    const { userId, projectId: id, client: customer } = await customerOrders(shop, { ...person, address, upload: 'erin-sofa-photo.png' }, true);
    const staff = await staffClient(shop);
    await projectionsCaughtUp(db.pool);
    // The mail reactor wrote the activation and invoice mails for this person.
    expect((await filesUnder(path.join(dataDir, 'mail'))).some((file) => file.text.includes(person.email))).toBe(true);
    expect((await filesUnder(path.join(dataDir, 'uploads'))).length).toBe(1);

    const revenueBefore = (await staff.get('/api/stats/monthly_revenue/')).body;
    const auditBefore = (await staff.get(`/api/internal/projects/${id}/events/`)).body;
    expect(JSON.stringify(auditBefore)).toContain(address.line1);
    expect(postalCode.test(JSON.stringify(auditBefore))).toBe(true);

    // The customer asks: refused while the order is being made; staff carry it out.
    const asked = await customer.post('/api/users/erase/', { confirm: true });
    expect(asked.status, asked.text).toBe(422);
    expect(asked.body.message).toMatch(/still being made/);
    const erased = await staff.post(`/api/internal/users/${userId}/erase/`);
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toMatchObject({ erased: true, projects: 1 });
    await projectionsCaughtUp(db.pool);

    // No table (events included), mail file, upload or log line holds the person's data in clear.
    const tables = await everyTableAsText(db.pool);
    expect(tables.has('public.events') && tables.has('public.users') && tables.has('public.project_activity')).toBe(true);
    for (const [table, text] of tables) {
      for (const value of clearValues) expect(text.includes(value), `${value} in ${table}`).toBe(false);
      expect(postalCode.test(text), `postal code in ${table}`).toBe(false);
    }
    for (const { file, text } of await filesUnder(dataDir)) {
      if (file.includes(`${path.sep}postgres${path.sep}`)) continue;
      for (const value of clearValues) expect(text.includes(value), `${value} in ${file}`).toBe(false);
      expect(postalCode.test(text), `postal code in ${file}`).toBe(false);
    }
    expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      for (const value of clearValues) expect(line.includes(value), `${value} in log: ${line}`).toBe(false);
      expect(postalCode.test(line), `postal code in log: ${line}`).toBe(false);
    }

    // What is kept: the account as erased, the project with its money, states and dates.
    const project = (await staff.get(`/api/internal/projects/${id}/`)).body;
    expect(project).toMatchObject({ state: 'P', user: userId });
    expect(project.shipping_notes.shipping_address).toEqual({ recipient_name: ERASED, line1: ERASED, city: ERASED, state: ERASED, postal_code: ERASED });
    expect((await staff.get('/api/stats/monthly_revenue/')).body).toEqual(revenueBefore);
    // The payment is in the revenue report, and it adds up to what the project records as paid.
    const sumOf = (months: Array<{ revenue: number; payments: number }>, key: 'revenue' | 'payments') => months.reduce((sum, month) => sum + month[key], 0);
    expect(sumOf(revenueBefore, 'payments')).toBe(1);
    expect(project.paid_amount).toBeGreaterThan(0);
    expect(sumOf(revenueBefore, 'revenue')).toBe(project.paid_amount);
    const auditAfter = (await staff.get(`/api/internal/projects/${id}/events/`)).body;
    const trail = (entries: any) => (entries.events ?? entries).map((entry: any) => [entry.type, entry.actor, entry.at]);
    expect(trail(auditAfter).slice(0, trail(auditBefore).length)).toEqual(trail(auditBefore));
    expect(trail(auditAfter).at(-1)[0]).toBe('CustomerDataErased');
    // Read from the stream with the key destroyed, each event's data is what the erased copy of the
    // audit log held (decision 0248): the open data with its personal fields ERASED.
    const dataOf = (entries: any) => (entries.events ?? entries).map((entry: any) => [entry.type, entry.data]);
    const erasedBefore = dataOf(auditBefore).map(([type, data]: [string, Record<string, unknown>]) => [type, erasePersonalFields(type, data)]);
    expect(dataOf(auditAfter).slice(0, erasedBefore.length)).toEqual(erasedBefore);
    expect(erasedBefore.some(([, data]: [string, unknown], index: number) => JSON.stringify(data) !== JSON.stringify(dataOf(auditBefore)[index][1]))).toBe(true);
    // The audit log in words names the erased customer by the marker, and shows none of their data.
    const byCustomer = (auditAfter.events ?? auditAfter).filter((entry: any) => entry.actor === userId);
    expect(byCustomer.length).toBeGreaterThan(0);
    for (const entry of byCustomer) expect(entry).toMatchObject({ actor_name: ERASED, actor_email: ERASED, actor_in_words: `${ERASED} (customer)` });
    for (const value of clearValues) expect(JSON.stringify(auditAfter).includes(value), `${value} in the audit log`).toBe(false);
    // The person can no longer log in.
    expect((await (await anonymous(shop)).post('/api/sessions/', { email: person.email, password: person.password })).status).toBe(401);
    // Nobody is found by the erased marker (a transfer cannot reach an erased account).
    expect((await staff.get(`/api/internal/check-user/?email=${encodeURIComponent(ERASED)}`)).status).toBe(404);
    // Erasing again finishes whatever is left and changes nothing else.
    expect((await staff.post(`/api/internal/users/${userId}/erase/`)).status).toBe(200);
    await projectionsCaughtUp(db.pool);

    // A full rebuild from the log gives the same erased tables.
    const tablesOfProjections = allProjections.flatMap((projection) => projection.tables);
    const before = await Promise.all(tablesOfProjections.map((table) => tableSnapshot(db.pool, table)));
    await rebuildAll({ pool: db.pool, eventStore: protectPersonalData(new PostgresEventStore(db.pool), db.pool) }, allProjections);
    const after = await Promise.all(tablesOfProjections.map((table) => tableSnapshot(db.pool, table)));
    tablesOfProjections.forEach((table, index) => expect(after[index], table).toEqual(before[index]));
  });
});
