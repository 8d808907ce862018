import { describe, expect, it } from 'vitest';
import { ConfigError, embeddedConfigSchema, loadConfig, loadRoleConfig } from './config.js';

describe('per-role configuration', () => {
  const base = { DATABASE_URL: 'postgres://shop@db/shop' };

  it('checks only the settings a role uses', () => {
    // A query-api host ignores a mail setting it never reads; the embedded shop refuses it.
    expect(() => loadRoleConfig(['query'], { ...base, SMTP_URL: 'not a url' })).not.toThrow();
    expect(() => loadConfig(embeddedConfigSchema, { ...base, SMTP_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadRoleConfig(['projectors'], { ...base, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    // A projectors process serves its health and metrics on PORT (decision 0307), any free one by default.
    expect(() => loadRoleConfig(['projectors'], { ...base, PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadRoleConfig(['projectors'], base).PORT).toBe(0);
    expect(() => loadRoleConfig(['command'], { ...base, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads what the role uses and leaves the rest at their defaults', () => {
    const config = loadRoleConfig(['query'], { ...base, PORT: '4100', STAFF_EMAIL: 'boss@shop.test', NOTIFICATIONS_URL: 'https://cms.test/n', NOTIFICATIONS_TOKEN: 't' });
    expect(config).toMatchObject({ PORT: 4100, DATABASE_URL: base.DATABASE_URL, NOTIFICATIONS_URL: 'https://cms.test/n', MAIL_FROM: 'Soft Furnishings Shop <shop@localhost>' });
    expect(config.STAFF_EMAIL).toBeUndefined();
  });

  it('gives the query API its read-your-writes bound: 2 s unless said otherwise, 0 to not wait', () => {
    expect(loadRoleConfig(['query'], base).READ_YOUR_WRITES_WAIT_MS).toBe(2000);
    expect(loadRoleConfig(['query'], { ...base, READ_YOUR_WRITES_WAIT_MS: '0' }).READ_YOUR_WRITES_WAIT_MS).toBe(0);
    expect(() => loadRoleConfig(['query'], { ...base, READ_YOUR_WRITES_WAIT_MS: 'soon' })).toThrow(/READ_YOUR_WRITES_WAIT_MS/);
    expect(() => loadRoleConfig(['command'], { ...base, READ_YOUR_WRITES_WAIT_MS: 'soon' })).not.toThrow();
  });

  it('parses TRUST_PROXY as Express wants it', () => {
    const trust = (value: string) => loadRoleConfig(['command'], { ...base, TRUST_PROXY: value }).TRUST_PROXY;
    expect([trust('true'), trust('false'), trust('2'), trust('loopback, 10.0.0.0/8')]).toEqual([true, false, 2, 'loopback, 10.0.0.0/8']);
    expect(loadRoleConfig(['command'], base).TRUST_PROXY).toBe('loopback');
    expect(() => trust('drop table;')).toThrow(/TRUST_PROXY/);
  });
});
