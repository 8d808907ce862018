import { activityKind, productionStateLabels, projectEventTypes, projectStateLabels, type ProjectEventType } from '@shop/domain';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { QuoteTable } from '../../../components/QuoteTable';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { fetchProjectAsOf, type AuditEntry, type InternalProject } from '../api/internal-projects';
import { AuditLogInWords } from './AuditLogInWords';
import { LogVerifiedLine } from './LogVerifiedLine';
import { dateTime } from './detail-helpers';
import { Panel } from './Panel';

interface Past {
  at: string;
  project: InternalProject | null;
  events: AuditEntry[];
}

/** Whether the activity log already tells this event (a payment, state change, customer e-mail or production step). */
export function toldByActivity(type: string): boolean {
  return (projectEventTypes as readonly string[]).includes(type) && activityKind(type as ProjectEventType) !== null;
}

/**
 * Every event of the project in words (who, what, what changed; filters and CSV), and time travel: the project as of any moment.
 * By default it leaves out the events the activity log beside it already tells, so each shows what
 * the other does not (decision 0319); one tick shows every event again.
 */
export function AuditLog({ projectId, audit }: { projectId: string; audit: AuditEntry[] | null }) {
  const uid = useId();
  const [asOf, setAsOf] = useState('');
  const [past, setPast] = useState<Past | null>(null);
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [everyEvent, setEveryEvent] = useState(false);
  const entries = useMemo(() => (audit && !everyEvent ? audit.filter((entry) => !toldByActivity(entry.type)) : audit), [audit, everyEvent]);

  async function showAsOf(at: string) {
    if (!at) return;
    const iso = new Date(at).toISOString();
    setLooking(true);
    try {
      setPast({ at: iso, ...(await fetchProjectAsOf(projectId, iso)) });
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLooking(false);
    }
  }

  return (
    <Panel title="Audit log">
      <LogVerifiedLine />
      <form
        className="inline-form"
        aria-label="Show the project as it was"
        onSubmit={(e) => {
          e.preventDefault();
          void showAsOf(asOf);
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-as-of`}>Show the project as of</label>
          <input id={`${uid}-as-of`} type="datetime-local" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
        </div>
        <button type="submit" disabled={looking || !asOf}>
          Show
        </button>
        {past && (
          <button type="button" className="secondary" onClick={() => setPast(null)}>
            Back to now
          </button>
        )}
      </form>
      <div className="field checkbox">
        <input id={`${uid}-every`} type="checkbox" checked={everyEvent} onChange={(e) => setEveryEvent(e.target.checked)} />
        <label htmlFor={`${uid}-every`}>Also show the events the activity log tells</label>
      </div>
      {error && <Alert>{error}</Alert>}
      {past && <ProjectAsOf past={past} />}
      {audit === null && <p role="status">Loading audit log…</p>}
      {entries && entries.length === 0 && <p>No events recorded{everyEvent ? '' : ' beyond the activity log'}.</p>}
      {entries && entries.length > 0 && <AuditLogInWords entries={entries} fileName={`audit-log-${projectId}.csv`} onViewAsOf={(at) => void showAsOf(at)} />}
    </Panel>
  );
}

function ProjectAsOf({ past }: { past: Past }) {
  return (
    <div className="as-of" role="region" aria-label="Project as it was">
      {past.project ? (
        <>
          <p>
            <strong>As of {dateTime(past.at)}</strong> (after event #{past.events.at(-1)?.revision ?? '—'}): {projectStateLabels[past.project.state]}, production{' '}
            {productionStateLabels[past.project.production_state]}, named “{past.project.name}”, due {formatDate(past.project.due) || '—'}.
          </p>
          <QuoteTable fabrics={past.project.fabrics} cost={past.project.cost} caption={`Quote as of ${dateTime(past.at)}`} />
        </>
      ) : (
        <p>The project did not exist yet on {dateTime(past.at)}.</p>
      )}
    </div>
  );
}
