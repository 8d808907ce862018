import { decideProject, evolveProject, initialProjectState, ProjectEvent, projectEventTypes, type ProjectStreamState } from '@shop/domain';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { commandFor, customer, historyTo, staff } from '../../../domain/src/project/test-support/fixtures.js';
import { readProjectEvent } from './read-project-event.js';

const commandTypes = ['CreateProject', 'CopyProject', 'SaveDraft', 'UpdateCheckout', 'UploadImage', 'SubmitForReview', 'ReturnToDraft', 'PriceItems', 'Approve', 'SendInvoice', 'RecordPayment', 'Pause', 'Unpause', 'SendReminder', 'StartProduction', 'ChangeProductionState', 'MarkFabricArrived', 'CompleteOnsiteVisit', 'SetDueDate', 'SetProductionTime', 'Complete', 'Ship', 'Archive', 'Delete', 'Transfer', 'AddNote', 'EditNote', 'DeleteNote', 'RecordEmailSent', 'RecordEmailFailed', 'EraseCustomerData'] as const;

/** Valid events of most types, as read back from the log: each command the decider takes, from each state a history reaches. */
function validEvents(): ProjectEvent[] {
  const events: ProjectEvent[] = [];
  for (const history of [[], ...Object.values(historyTo)]) {
    const state = history.reduce<ProjectStreamState>((folded, event) => evolveProject(folded, event), initialProjectState());
    events.push(...history);
    for (const type of commandTypes) {
      for (const actor of [customer, staff]) {
        try {
          events.push(...decideProject(commandFor(type, actor), state));
        } catch {
          // Not allowed from this state or for this actor: nothing to collect.
        }
      }
    }
  }
  return events.map((event) => JSON.parse(JSON.stringify(event)) as ProjectEvent);
}

/** Seeded, so a failure names a case that runs again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

const oddValues: unknown[] = [null, '', 'x', '😀', '😀'.repeat(101), '😀'.repeat(200), '😀'.repeat(201), 'é'.repeat(201), 'a'.repeat(4001), -1, 0, 1.5, 2 ** 53, 9999, 10000, true, [], {}, [1], { unknown: 1 }];
const pick = <T>(values: readonly T[], next: () => number): T => values[Math.floor(next() * values.length)]!;

/** The data with one value somewhere in it replaced, one key removed, or one added. */
function mutate(data: unknown, next: () => number): unknown {
  if (Array.isArray(data)) {
    if (data.length === 0 || next() < 0.2) return [...data, pick(oddValues, next)];
    const at = Math.floor(next() * data.length);
    return data.map((value, i) => (i === at ? mutate(value, next) : value));
  }
  if (data === null || typeof data !== 'object') return pick(oddValues, next);
  const keys = Object.keys(data);
  const roll = next();
  if (keys.length === 0 || roll < 0.15) return { ...data, [`extra${Math.floor(next() * 3)}`]: pick(oddValues, next) };
  const key = pick(keys, next);
  if (roll < 0.25) {
    const { [key]: _removed, ...rest } = data as Record<string, unknown>;
    return rest;
  }
  return { ...data, [key]: mutate((data as Record<string, unknown>)[key], next) };
}

type Outcome = { ok: true; text: string } | { ok: false };
/** What a read gives, as text: key order included, since the projects read model stores its fold as json text. */
function outcome(read: () => ProjectEvent): Outcome {
  try {
    return { ok: true, text: JSON.stringify(read()) };
  } catch {
    return { ok: false };
  }
}

describe('readProjectEvent', () => {
  const events = validEvents();

  it('is tried on events of most types', () => {
    expect(new Set(events.map((event) => event.type)).size).toBeGreaterThan(projectEventTypes.length * 0.8);
  });

  it('takes a valid stored event as it is: the same data object, equal to what zod parses', () => {
    for (const event of events) {
      const read = readProjectEvent(event.type, event.data as Record<string, unknown>);
      expect(read.data).toBe(event.data);
      expect(read).toEqual(ProjectEvent.parse(event));
    }
  });

  // 20,000 parses take a few seconds on a loaded machine.
  it('answers as ProjectEvent.parse does for 20,000 altered events: equal data, or a failure', { timeout: 60_000 }, () => {
    const next = random(11);
    let accepted = 0;
    let stripped = 0;
    for (let i = 0; i < 20_000; i++) {
      const event = pick(events, next);
      const data = mutate(event.data, next) as Record<string, unknown>;
      const zod = outcome(() => ProjectEvent.parse({ type: event.type, data }));
      const ours = outcome(() => readProjectEvent(event.type, data));
      expect(ours.ok, JSON.stringify({ case: i, type: event.type, data })).toBe(zod.ok);
      if (!zod.ok || !ours.ok) continue;
      accepted++;
      expect(JSON.parse(ours.text), `case ${i}`).toEqual(JSON.parse(zod.text));
      // When zod had something to strip, the event went through zod: the very same text.
      if (!isDeepStrictEqual(JSON.parse(zod.text), { type: event.type, data })) {
        stripped++;
        expect(ours.text, `case ${i}`).toBe(zod.text);
      }
    }
    expect(accepted).toBeGreaterThan(2_000);
    expect(stripped).toBeGreaterThan(200);
  });

  it('measures strings as zod does, characters beyond the BMP included', () => {
    const event = events.find((candidate) => candidate.type === 'DraftSaved')!;
    // A name may hold 200: these are 100-201 code points and 200-402 UTF-16 units.
    for (const name of ['😀'.repeat(100), `${'😀'.repeat(100)}x`, '😀'.repeat(200), '😀'.repeat(201), `x${'\ud83d'.repeat(200)}`]) {
      const data = { ...event.data, name };
      expect(outcome(() => readProjectEvent('DraftSaved', data)).ok).toBe(outcome(() => ProjectEvent.parse({ type: 'DraftSaved', data })).ok);
    }
  });
});
