import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditCsv, auditLine, AuditLogInWords, filterLines, noFilter, type AuditEntryInWords } from './AuditLogInWords';

const entries: AuditEntryInWords[] = [
  {
    revision: 0,
    type: 'ProjectCreated',
    actor: 'u-wendy',
    at: '2026-03-02T15:00:00.000Z',
    changes: [{ field: 'id', from: null, to: 'p1' }],
    actor_name: 'Wendy Walker',
    actor_email: 'wendy@example.com',
    actor_role: 'customer',
    actor_in_words: 'Wendy Walker (customer)',
    event_name: 'Project created',
    summary: 'Wendy Walker (customer) created the project: Name Bay window',
    changes_in_words: [{ field: 'name', label: 'Name', from: '—', to: 'Bay window' }],
    data: { name: 'Bay window' },
  },
  {
    revision: 1,
    type: 'ProjectApproved',
    actor: 'u-ops',
    at: '2026-03-05T15:00:00.000Z',
    recorded_at: '2026-03-05T15:00:00.123456Z',
    trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    changes: [{ field: 'state', from: 'R', to: 'A' }],
    actor_name: 'Ops',
    actor_email: 'ops@example.com',
    actor_role: 'staff',
    actor_in_words: 'Ops (staff)',
    event_name: 'Quote approved',
    summary: 'Ops (staff) approved the quote: State Review → Approved',
    changes_in_words: [{ field: 'state', label: 'State', from: 'Review', to: 'Approved' }],
    data: {},
  },
];

describe('AuditLogInWords', () => {
  it('shows each line in words, with the raw event behind one click', async () => {
    render(<AuditLogInWords entries={entries} fileName="audit.csv" />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Wendy Walker (customer)');
    expect(rows[0]).toHaveTextContent('wendy@example.com');
    expect(rows[0]).toHaveTextContent('Project created');
    expect(rows[1]).toHaveTextContent('Ops (staff) approved the quote: State Review → Approved');
    const [, , who, , happened] = within(rows[0]!).getAllByRole('cell');
    expect(who).not.toHaveTextContent('u-wendy');
    expect(happened).not.toHaveTextContent('u-wendy');
    await userEvent.click(within(rows[0]!).getByText('Raw event'));
    expect(within(rows[0]!).getByText(/"actor": "u-wendy"/)).toBeVisible();
  });

  it('shows the trace id of a write made with tracing on, behind the raw event (decision 0400)', async () => {
    render(<AuditLogInWords entries={entries} fileName="audit.csv" />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    await userEvent.click(within(rows[1]!).getByText('Raw event'));
    expect(within(rows[1]!).getByText('4bf92f3577b34da6a3ce929d0e0e4736')).toBeVisible();
    await userEvent.click(within(rows[0]!).getByText('Raw event'));
    expect(within(rows[0]!).queryByText(/Trace id/)).toBeNull();
  });

  it('filters by actor, event and dates', async () => {
    render(<AuditLogInWords entries={entries} fileName="audit.csv" />);
    await userEvent.selectOptions(screen.getByLabelText('Who'), 'Ops (staff)');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 events');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText('Who'), 'Everyone');
    await userEvent.selectOptions(screen.getByLabelText('Event'), 'Project created');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 events');
    const lines = entries.map(auditLine);
    expect(filterLines(lines, { ...noFilter, from: lines[1]!.day })).toEqual([lines[1]]);
    expect(filterLines(lines, { ...noFilter, to: lines[0]!.day })).toEqual([lines[0]]);
  });

  it('exports exactly the lines shown as CSV, quoted', () => {
    const lines = entries.map(auditLine);
    const csv = auditCsv(lines).split('\r\n');
    expect(csv[0]).toBe('"#","When","Recorded (UTC)","Who","E-mail","Event","In words","What changed"');
    expect(csv[1]).toMatch(/^"0","[^"]+","","Wendy/);
    expect(csv[2]).toBe(`"1","${lines[1]!.when}","2026-03-05T15:00:00.123456Z","Ops (staff)","ops@example.com","Quote approved","Ops (staff) approved the quote: State Review → Approved","State: Review → Approved"`);
    expect(csv).toHaveLength(4);
  });
});
