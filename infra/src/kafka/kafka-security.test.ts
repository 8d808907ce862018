import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoleConfig } from '../config/config.js';
import { kafkaClientSecurity, kafkaSecurityOf } from './kafka-transport.js';

/** TLS and SASL towards the brokers come from config (decision 0311). */
describe('Kafka client security from config', () => {
  const base = { DATABASE_URL: 'postgres://shop@db/shop', KAFKA_BROKERS: 'kafka-1:9093' };

  it('is plaintext unless told otherwise', () => {
    expect(kafkaClientSecurity(kafkaSecurityOf(loadRoleConfig(['projectors'], base)))).toEqual({});
  });

  it('gives kafkajs TLS with the CA file and SASL with its mechanism, user and password', async () => {
    const caFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'kafka-ca-')), 'ca.pem');
    await writeFile(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const config = loadRoleConfig(['projectors'], {
      ...base,
      KAFKA_TLS: 'on',
      KAFKA_TLS_CA_FILE: caFile,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'shop',
      KAFKA_SASL_PASSWORD: 's3cret',
    });
    expect(kafkaClientSecurity(kafkaSecurityOf(config))).toEqual({
      ssl: { ca: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'] },
      sasl: { mechanism: 'scram-sha-512', username: 'shop', password: 's3cret' },
    });
    expect(kafkaClientSecurity(kafkaSecurityOf(loadRoleConfig(['projectors'], { ...base, KAFKA_TLS: 'on' })))).toEqual({ ssl: true });
  });

  it('refuses half a SASL login and an unknown mechanism', () => {
    expect(() => kafkaSecurityOf(loadRoleConfig(['projectors'], { ...base, KAFKA_SASL_USERNAME: 'shop' }))).toThrow(/go together/);
    expect(() => loadRoleConfig(['projectors'], { ...base, KAFKA_SASL_MECHANISM: 'gssapi' })).toThrow(/KAFKA_SASL_MECHANISM/);
  });
});
