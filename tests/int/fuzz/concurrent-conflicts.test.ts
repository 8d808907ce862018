import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolveProject, initialProjectState, ProjectEvent, projectView, type ProjectStreamState } from '@shop/domain';
import { PostgresEventStore } from '@shop/event-store';
import type { ApiClient } from '../../support/http-client.js';
import type { TestShop } from '../../support/shop.js';
import { activeCustomer, completeFabric, startCommandShop } from '../commands/helpers.js';

/**
 * 1000 concurrent conflicting writes at one project over HTTP: in each round every request names
 * the same revision, so exactly one may win it and the others must get 409 `{ status, message }`.
 * Then the stream, read through the event store and folded with the domain's evolve, must equal
 * the accepted commands in order: nothing lost, nothing extra. Rounds of ROUND_SIZE keep the
 * sockets and the pool bounded.
 */
const TOTAL = 1000;
const ROUND_SIZE = 100;

let shop: TestShop;
let customer: ApiClient;

beforeAll(async () => {
  shop = await startCommandShop();
  ({ client: customer } = await activeCustomer(shop, 'Contended Customer'));
});

afterAll(async () => {
  await shop?.stop();
});

describe('1000 concurrent conflicting commands on one project', () => {
  it('has exactly one winner per revision, 409 for the rest, and a stream equal to the fold of the winners', async () => {
    const created = await customer.post('/api/projects/', { name: 'Contended', fabrics: [completeFabric()] });
    expect(created.status, created.text).toBe(201);
    const projectId = created.body.id as string;
    let revision = created.body.revision as number;

    const winners: Array<{ name: string; additional_notes: string; revision: number }> = [];
    let conflicts = 0;
    for (let round = 0; round < TOTAL / ROUND_SIZE; round++) {
      const answers = await Promise.all(
        Array.from({ length: ROUND_SIZE }, async (_, index) => {
          const name = `Round ${round} writer ${index}`;
          const additional_notes = `written by ${round}/${index}`;
          const response = await customer.put(`/api/projects/${projectId}/`, { name, additional_notes, revision });
          return { name, additional_notes, response };
        }),
      );
      const won = answers.filter((answer) => answer.response.status === 200);
      const lost = answers.filter((answer) => answer.response.status === 409);
      expect(won.length, `round ${round}: one winner of revision ${revision}`).toBe(1);
      expect(lost.length, `round ${round}: everyone else 409 (${answers.map((a) => a.response.status).join(',')})`).toBe(ROUND_SIZE - 1);
      for (const answer of lost) {
        expect(answer.response.body).toEqual({ status: 409, message: expect.any(String) });
      }
      const winner = won[0]!;
      expect(winner.response.body).toMatchObject({ name: winner.name, additional_notes: winner.additional_notes });
      expect(winner.response.body.revision, 'the winner moved the stream on by its one event').toBe(revision + 1);
      revision = winner.response.body.revision as number;
      winners.push({ name: winner.name, additional_notes: winner.additional_notes, revision });
      conflicts += lost.length;
    }
    expect(winners).toHaveLength(TOTAL / ROUND_SIZE);
    expect(conflicts).toBe(TOTAL - winners.length);

    // The stream, through the event store, folded by the domain.
    const stored = await new PostgresEventStore(shop.db.pool).readStream(`project-${projectId}`);
    expect(stored.at(-1)!.revision).toBe(revision);
    let state: ProjectStreamState = initialProjectState();
    const states: ProjectStreamState[] = [];
    for (const event of stored) {
      state = evolveProject(state, ProjectEvent.parse({ type: event.type, data: event.data }));
      states[event.revision] = state;
    }
    // Every accepted command is in the stream at the revision it was answered, in order...
    for (const winner of winners) {
      const view = projectView(states[winner.revision]!)!;
      expect({ name: view.name, additional_notes: view.additional_notes }).toEqual({ name: winner.name, additional_notes: winner.additional_notes });
    }
    // ...and nothing else wrote: creation plus one event per winner.
    expect(stored).toHaveLength(created.body.revision + 1 + winners.length);
    const final = projectView(state)!;
    const last = winners.at(-1)!;
    expect({ name: final.name, additional_notes: final.additional_notes }).toEqual({ name: last.name, additional_notes: last.additional_notes });

    // The read side agrees once it has caught up with the last revision.
    const read = await customer.get(`/api/projects/${projectId}/`, { 'X-Min-Revision': `project-${projectId}@${revision}` });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: last.name, additional_notes: last.additional_notes, revision });
  }, 240_000);
});
