import { describe, expect, it } from 'vitest';
import { upgradeText } from './upgrade-text';

const upgrade = { from_version: 1, to_version: 2, error: null, started_at: '2026-11-26T01:00:00.000Z' };
const progress = { events_done: 12_000, events_total: 50_000, events_per_second: 3_000, eta_seconds: 13 };

describe('upgradeText', () => {
  it('says where an upgrade is: none, starting, folding with its ETA, indexing, swapping, failed', () => {
    expect(upgradeText(null)).toBe('none');
    expect(upgradeText({ ...upgrade, state: 'running', progress: null })).toBe('to version 2: starting');
    expect(upgradeText({ ...upgrade, state: 'running', progress: { ...progress, phase: 'load' } })).toBe('to version 2: 12,000 of 50,000 events, 3,000/s, about 13 s left');
    expect(upgradeText({ ...upgrade, state: 'running', progress: { ...progress, phase: 'index' } })).toBe('to version 2: 12,000 of 50,000 events, 3,000/s, building indexes');
    expect(upgradeText({ ...upgrade, state: 'running', progress: { ...progress, phase: 'swap' } })).toBe('to version 2: 12,000 of 50,000 events, 3,000/s, swapping in');
    expect(upgradeText({ ...upgrade, state: 'failed', error: 'boom', progress: null })).toBe('to version 2 failed; version 1 serves');
  });
});
