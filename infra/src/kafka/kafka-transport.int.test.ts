import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { freePort } from '../postgres/free-port.js';
import { KafkaTransport } from './kafka-transport.js';

/** kafkajs's own warnings and errors reach the process log (pino), tagged with their component. */
describe('kafkajs logs', () => {
  it('go into pino at warn and above', { timeout: 120_000 }, async () => {
    const lines: Array<{ level: number; component?: string; namespace?: string; msg?: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // Nothing listens on this port: kafkajs logs its failed connections, then gives up.
    const brokers = `127.0.0.1:${await freePort()}`;
    const transport = new KafkaTransport({ brokers, topic: 'unreachable', partitions: 1, retentionMs: -1, clientId: 'log-test' }, pino({ level: 'debug' }, sink));
    await expect(transport.ensureTopic()).rejects.toThrow();
    const kafkaLines = lines.filter((line) => line.component === 'kafkajs');
    expect(kafkaLines.length).toBeGreaterThan(0);
    expect(kafkaLines.every((line) => line.level >= 40)).toBe(true);
    expect(kafkaLines.some((line) => line.level === 50 && typeof line.namespace === 'string' && /connect/i.test(line.msg ?? ''))).toBe(true);
  });
});
