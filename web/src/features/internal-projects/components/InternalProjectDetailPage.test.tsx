import { projectStates, type ProjectState } from '@shop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { InternalProjectDetailPage } from './InternalProjectDetailPage';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } };
});
const get = vi.mocked(apiClient.get);

const at = '2026-11-20T10:00:00.000Z';
/** The project's stream as GET …/events/ answers it: created, submitted (the activity log tells it), priced (it does not). */
const events = [
  { revision: 0, type: 'ProjectCreated', actor: 'u-1', at, changes: [], event_name: 'Project created', summary: 'Wendy created the project' },
  { revision: 1, type: 'SubmittedForReview', actor: 'u-1', at, changes: [], event_name: 'Submitted for review', summary: 'Wendy submitted the project for review' },
  { revision: 2, type: 'ItemsPriced', actor: 'u-2', at, changes: [], event_name: 'Items priced', summary: 'Ops priced the items' },
];

/** GET /internal/payments/ of the project (decision 0380): one captured on a retry, one failed for good, one being retried. */
const payment = { project_id: 'p-1', gateway: 'sandbox', authorized_at: at, settled_at: at, next_attempt_at: null, last_error: null };
const payments = [
  { ...payment, charge_id: 'sandbox_a', amount: 12_500, state: 'captured', status: 'captured', attempts: 2, last_error: 'Interrupted while capturing (the process stopped).' },
  { ...payment, charge_id: 'sandbox_b', amount: 30_000, state: 'capture_failed', status: 'failed', attempts: 5, last_error: 'Your card was declined.' },
  { ...payment, charge_id: 'sandbox_c', amount: 4_000, state: 'authorized', status: 'pending', attempts: 1, settled_at: null, next_attempt_at: at, last_error: 'Processor unavailable' },
];

/** Answers the page's reads as the query API does, for a project in `state`. */
function serve(state: ProjectState) {
  get.mockImplementation(async (path: string) => {
    if (path === '/internal/projects/p-1/')
      return {
        id: 'p-1',
        order_label: '#1042',
        name: 'Bay window',
        state,
        revision: 2,
        activity: [{ kind: 'S', text: 'Submitted for review', at, actor: 'u-1', actor_in_words: 'Wendy (customer)' }],
      } as never;
    if (path === '/internal/projects/p-1/events/') return { events } as never;
    if (path === '/internal/projects/p-1/summary/') return { customer: { name: 'Wendy', email: 'wendy@example.com' } } as never;
    if (path === '/read-models/lag/') return { read_models: [] } as never;
    if (path === '/internal/payments/?project_id=p-1') return payments as never;
    return [] as never;
  });
}

function renderPage(state: ProjectState) {
  serve(state);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/internal/projects/p-1']}>
        <Routes>
          <Route path="/internal/projects/:id" element={<InternalProjectDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The page's panels in order, each with whether it is folded (a closed <details>). */
async function panels(): Promise<Array<{ title: string; folded: boolean }>> {
  await screen.findByRole('heading', { name: 'Quote' });
  return Array.from(document.querySelectorAll('.internal-detail > .panel')).map((panel) => ({
    title: panel.querySelector('h2')?.textContent ?? '',
    folded: panel.tagName === 'DETAILS' && !(panel as HTMLDetailsElement).open,
  }));
}

const expected: Record<ProjectState, string[]> = {
  D: ['Details', 'Pricing', 'Production'],
  R: ['Pricing', 'Details', 'Production'],
  A: ['Production', 'Details', 'Customer e-mails'],
  P: ['Production'],
  I: ['Production', 'Customer e-mails'],
  PS: ['Production', 'Customer e-mails'],
  C: ['Production'],
  S: [],
  X: [],
};

describe('the staff project page by the work of the moment (decision 0318)', () => {
  it.each(projectStates.map((state) => [state]))('in state %s: the work panels lead and are open, the quote, notes and activity open, the rest folded', async (state) => {
    renderPage(state);
    const shown = await panels();
    const work = expected[state];
    expect(shown.slice(0, work.length).map((panel) => panel.title)).toEqual(work);
    const open = new Set([...work, 'Quote', 'Card payments', 'Notes', 'Activity log']);
    for (const panel of shown) expect({ title: panel.title, folded: panel.folded }).toEqual({ title: panel.title, folded: !open.has(panel.title) });
    expect(shown.map((panel) => panel.title).sort()).toEqual(['Activity log', 'Audit log', 'Card payments', 'Customer e-mails', 'Details', 'Notes', 'Pricing', 'Production', 'Quote']);
  });

  it('a folded panel opens from its title, and its form is there', async () => {
    renderPage('P');
    await panels();
    const summary = screen.getByText('Pricing', { selector: 'summary h2' });
    expect(screen.getByRole('button', { name: 'Save prices', hidden: true })).not.toBeVisible();
    await userEvent.click(summary);
    expect(screen.getByRole('button', { name: 'Save prices' })).toBeVisible();
  });
});

describe('the audit log beside the activity log (decision 0319)', () => {
  it('leaves out what the activity log tells until asked, and the activity log tells it', async () => {
    renderPage('R');
    await panels();
    const activity = screen.getByRole('region', { name: 'Activity log' });
    expect(within(activity).getByText('Submitted for review')).toBeInTheDocument();
    const audit = document.querySelector('details.folded-panel:has(table.audit-log)') as HTMLElement;
    const rows = () => Array.from(audit.querySelectorAll('table.audit-log tbody tr td:nth-child(4)')).map((cell) => cell.textContent);
    expect(rows()).toEqual(['Project created', 'Items priced']);
    await userEvent.click(within(audit).getByLabelText('Also show the events the activity log tells'));
    expect(rows()).toEqual(['Project created', 'Submitted for review', 'Items priced']);
  });
});

describe('card payments on the staff project page (decision 0380)', () => {
  it("shows each card payment's capture: captured, failed with the reason and attempts, retried with the next try", async () => {
    renderPage('I');
    await panels();
    const panel = screen.getByRole('region', { name: 'Card payments' });
    const rows = await within(panel).findAllByRole('row');
    const cells = rows.slice(1).map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(1))).toEqual([
      ['$125.00', 'Captured (after 2 attempts)', 'sandbox_a'],
      ['$300.00', 'Capture failed after 5 attempts: Your card was declined.', 'sandbox_b'],
      ['$40.00', expect.stringMatching(/^Authorised, capture refused once \(Processor unavailable\); next try \d\d\/\d\d\/2026 \d\d:\d\d$/), 'sandbox_c'],
    ]);
    expect(get).toHaveBeenCalledWith('/internal/payments/?project_id=p-1');
  });
});
