import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, anonymous, completeFabric, startCommandShop, staffClient } from './helpers.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startCommandShop();
});
afterAll(async () => {
  await shop?.stop();
});

async function completionToken(email: string): Promise<string> {
  const staff = await staffClient(shop);
  for (let attempt = 0; attempt < 100; attempt++) {
    const entry = (await staff.get('/api/internal/mail/')).body.find((mail: any) => mail.to === email && /Complete your registration/.test(mail.subject));
    if (entry) return /\/profile-completion\/([A-Za-z0-9_-]+)/.exec((await staff.get(`/api/internal/mail/${entry.id}`)).body.text)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no profile completion mail');
}

describe('guests', () => {
  it('POST /api/guests/ makes a guest with a project; the guest edits only it; the mailed link completes the registration', async () => {
    const guest = await anonymous(shop);
    const created = await guest.post('/api/guests/', { email: 'gus@shop.test', project: { name: 'Guest cushions', fabrics: [completeFabric()] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.user).toMatchObject({ is_guest: true, email: '' });
    const projectId = created.body.project.id;
    expect((await guest.put(`/api/projects/${projectId}/`, { name: 'Guest cushions v2' })).status).toBe(200);
    expect((await guest.post('/api/projects/', { name: 'Another' })).status).toBe(403);
    const { client: stranger } = await activeCustomer(shop);
    expect((await stranger.put(`/api/projects/${projectId}/`, { name: 'Stolen' })).status).toBe(403);
    expect((await guest.put(`/api/checkout/${projectId}/`, {})).status).toBe(403);

    const token = await completionToken('gus@shop.test');
    const check = await guest.get(`/api/profile-completion/${token}`);
    expect(check.body).toMatchObject({ email: 'gus@shop.test' });
    const weak = await guest.put(`/api/profile-completion/${token}/`, { name: 'Gus', password: 'weak' });
    expect(weak.status).toBe(400);
    const completed = await guest.put(`/api/profile-completion/${token}/`, { name: 'Gus', password: 'Gus-Pass1' });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ email: 'gus@shop.test', name: 'Gus', is_guest: false, is_active: true });
    expect((await guest.put(`/api/profile-completion/${token}/`, { name: 'Gus', password: 'Gus-Pass1' })).status).toBe(400);
    expect((await guest.get(`/api/profile-completion/${token}`)).status).toBe(404);
    expect((await guest.post('/api/projects/', { name: 'Now allowed' })).status).toBe(201);
  });

  it('refuses a second save from a guest session that has its project and link, writing nothing', async () => {
    const guest = await anonymous(shop);
    const first = await guest.post('/api/guests/', { email: 'once@shop.test', project: { name: 'First', fabrics: [completeFabric()] } });
    expect(first.status, first.text).toBe(201);
    const projectId = first.body.project.id;
    // The first link is mailed before counting, so nothing of the first save is still on its way.
    const token = await completionToken('once@shop.test');
    const events = async () => Number((await shop.db.pool.query('SELECT count(*) FROM events')).rows[0].count);
    const tokens = async () => Number((await shop.db.pool.query("SELECT count(*) FROM account_tokens WHERE purpose = 'profile_completion'")).rows[0].count);
    const before = { events: await events(), tokens: await tokens() };

    const second = await guest.post('/api/guests/', { email: 'other@shop.test', project: { name: 'Second', fabrics: [completeFabric()] } });
    expect(second.body).toEqual({
      status: 409,
      message: `You have saved a guest project already (${projectId}) and we sent a link for it to once@shop.test. Keep working on that project, and open the link to complete your registration.`,
    });
    expect({ events: await events(), tokens: await tokens() }).toEqual(before);
    // Still the same guest session: the first project is its own, and its link completes it.
    expect((await guest.put(`/api/projects/${projectId}/`, { name: 'First, kept' })).status).toBe(200);
    expect((await guest.put(`/api/profile-completion/${token}/`, { name: 'Once', password: 'Once-Pass1' })).status).toBe(200);
    const mine = await guest.get('/api/projects/');
    expect(mine.body.map((p: { id: string }) => p.id)).toContain(projectId);

    // Once the guest's link has expired, saving again is the way to a new link (as the expired link says).
    const late = await anonymous(shop);
    expect((await late.post('/api/guests/', { email: 'lapsed@shop.test', project: { name: 'Lapsed', fabrics: [completeFabric()] } })).status).toBe(201);
    await completionToken('lapsed@shop.test'); // the mail sender makes the link after the answer: expire it once it exists
    await shop.db.pool.query("UPDATE account_tokens SET expires_at = now() - interval '1 day' WHERE email = 'lapsed@shop.test'");
    const again = await late.post('/api/guests/', { email: 'lapsed@shop.test', project: { name: 'Lapsed', fabrics: [completeFabric()] } });
    expect(again.status, again.text).toBe(201);
  });

  it('refuses a second save made before the mail sender has made the first link; lets one through once that mail failed for good or the project was deleted', async () => {
    const guest = await anonymous(shop);
    const events = async () => Number((await shop.db.pool.query('SELECT count(*) FROM events')).rows[0].count);
    // The mail sender makes the link as it sends: holding its table keeps the first save in the instant before it.
    const hold = await shop.db.pool.connect();
    let first: Awaited<ReturnType<typeof guest.post>>;
    try {
      await hold.query('BEGIN');
      await hold.query('LOCK TABLE account_tokens IN SHARE MODE');
      first = await guest.post('/api/guests/', { email: 'quick@shop.test', project: { name: 'Quick', fabrics: [completeFabric()] } });
      expect(first.status, first.text).toBe(201);
      const second = await guest.post('/api/guests/', { email: 'quicker@shop.test', project: { name: 'Quicker', fabrics: [completeFabric()] } });
      const linksMade = await hold.query("SELECT count(*)::int AS n FROM account_tokens WHERE purpose = 'profile_completion' AND user_id = $1", [first.body.user.user_id]);
      expect(linksMade.rows[0].n).toBe(0);
      expect(second.body).toEqual({
        status: 409,
        message: `You have saved a guest project already (${first.body.project.id}) and we sent a link for it to quick@shop.test. Keep working on that project, and open the link to complete your registration.`,
      });
      const before = await events();
      expect((await guest.post('/api/guests/', { email: 'quicker@shop.test', project: { name: 'Quicker', fabrics: [completeFabric()] } })).status).toBe(409);
      expect(await events()).toBe(before);
    } finally {
      await hold.query('COMMIT');
      hold.release();
    }
    await completionToken('quick@shop.test');

    // A mail that failed for good brought no link: saving again is the way to one.
    await expect
      .poll(async () => (await shop.db.pool.query("UPDATE mail_deliveries SET status = 'failed' WHERE payload->>'userId' = $1 AND status = 'sent'", [first.body.user.user_id])).rowCount, { timeout: 15_000 })
      .toBe(1);
    const afterFailure = await guest.post('/api/guests/', { email: 'quick@shop.test', project: { name: 'Quick again', fabrics: [completeFabric()] } });
    expect(afterFailure.status, afterFailure.text).toBe(201);

    // This guest's link is out now; once the guest deletes its project, a save goes through.
    expect((await guest.post('/api/guests/', { email: 'quick@shop.test', project: { name: 'Third', fabrics: [completeFabric()] } })).status).toBe(409);
    expect((await guest.delete(`/api/projects/${afterFailure.body.project.id}/`)).status).toBe(200);
    const afterDelete = await guest.post('/api/guests/', { email: 'quick@shop.test', project: { name: 'Third', fabrics: [completeFabric()] } });
    expect(afterDelete.status, afterDelete.text).toBe(201);
  });

  it('answers 400 for a bad e-mail or project', async () => {
    const guest = await anonymous(shop);
    expect((await guest.post('/api/guests/', { email: 'nope', project: { name: 'X', fabrics: [] } })).status).toBe(400);
    expect((await guest.post('/api/guests/', { email: 'ok@shop.test', project: { fabrics: 'x' } })).status).toBe(400);
  });

  it('says in clear words whether a link was used, expired or never made', async () => {
    const guest = await anonymous(shop);
    const unknown = await guest.get('/api/profile-completion/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.body).toEqual({ status: 404, message: 'We do not know this registration link. Check that you opened the whole link from the e-mail.' });
    const saved = await guest.post('/api/guests/', { email: 'twice@shop.test', project: { name: 'Twice', fabrics: [completeFabric()] } });
    expect(saved.status, saved.text).toBe(201);
    const token = await completionToken('twice@shop.test');
    expect((await guest.put(`/api/profile-completion/${token}/`, { name: 'Tw', password: 'Twice-Pass1' })).status).toBe(200);
    const again = await guest.put(`/api/profile-completion/${token}/`, { name: 'Tw', password: 'Twice-Pass1' });
    expect(again.body.message).toBe('This registration link has already been used. Log in to see your project.');
    expect((await guest.get(`/api/profile-completion/${token}`)).body.message).toBe('This registration link has already been used. Log in to see your project.');
    const late = await anonymous(shop);
    expect((await late.post('/api/guests/', { email: 'late@shop.test', project: { name: 'Late', fabrics: [completeFabric()] } })).status).toBe(201);
    const lateToken = await completionToken('late@shop.test');
    await shop.db.pool.query("UPDATE account_tokens SET expires_at = now() - interval '1 day' WHERE email = 'late@shop.test'");
    const expired = await late.put(`/api/profile-completion/${lateToken}/`, { name: 'La', password: 'Late-Pass1' });
    expect(expired.body).toMatchObject({ status: 400, message: 'This registration link has expired (links last 30 days). Save your project again to get a new one.' });
    const activation = await guest.put('/api/activation/', { activation_key: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(activation.body.message).toMatch(/^We do not know this activation link\./);
  });
});
