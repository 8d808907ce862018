import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { fetchProjectionHealth, retryParkedStream, type ParkedStream, type ProjectionHealth } from '../api/projection-health';
import { upgradeText } from '../upgrade-text';
import { MailDeliveries } from './MailDeliveries';

const healthKey = queryKeys.projectionHealth;
/** The view follows the projections while it is open: lag moves by the second, a retry lands in about one. */
const REFRESH_MS = 2_000;

/**
 * /internal/health/: how far behind each read model is, the version it runs and its upgrade
 * (decision 0215), the streams parked on an event it rejected (decision 0111), and the mail that
 * failed or was retried (decision 0327).
 */
export function ProjectionHealthPage() {
  const health = useQuery({ queryKey: healthKey, queryFn: fetchProjectionHealth, refetchInterval: REFRESH_MS, staleTime: 0 });
  return (
    <section>
      <h1>Read model health</h1>
      {health.isPending && <p role="status">Loading…</p>}
      {health.isError && <Alert>{errorMessage(health.error)}</Alert>}
      {health.data && <FailedUpgrades projections={health.data.projections} />}
      {health.data && <ProjectionTable projections={health.data.projections} />}
      {health.data && <ParkedStreams parked={health.data.parked_streams} />}
      <MailDeliveries />
    </section>
  );
}

function ProjectionTable({ projections }: { projections: ProjectionHealth['projections'] }) {
  return (
    <table aria-label="Projections">
      <thead>
        <tr>
          <th scope="col">Read model</th>
          <th scope="col">Events behind</th>
          <th scope="col">Oldest waiting</th>
          <th scope="col">Parked streams</th>
          <th scope="col">Version</th>
          <th scope="col">Upgrade</th>
        </tr>
      </thead>
      <tbody>
        {projections.map((row) => (
          <tr key={row.name}>
            <td>{row.name}</td>
            <td>{row.lag_events}</td>
            <td>{row.lag_ms === 0 ? 'caught up' : `${(row.lag_ms / 1000).toFixed(1)} s`}</td>
            <td>{row.parked_streams}</td>
            <td>{row.version ?? '—'}</td>
            <td>{upgradeText(row.upgrade)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An upgrade that failed keeps the old version serving; staff see why, and the next start tries again. */
function FailedUpgrades({ projections }: { projections: ProjectionHealth['projections'] }) {
  const failed = projections.filter((row) => row.upgrade?.state === 'failed');
  if (failed.length === 0) return null;
  return (
    <Alert>
      {failed.map((row) => (
        <p key={row.name}>
          Upgrading {row.name} to version {row.upgrade!.to_version} failed: {row.upgrade!.error}. Version {row.upgrade!.from_version ?? '?'} keeps serving; the next start of the
          projectors tries again.
        </p>
      ))}
    </Alert>
  );
}

function ParkedStreams({ parked }: { parked: ParkedStream[] }) {
  if (parked.length === 0) return <p>No parked streams: every read model has applied every event it was given.</p>;
  return (
    <>
      <h2>Parked streams</h2>
      <p>A read model could not apply an event of these streams and skips them until a retry succeeds. Fix the cause, then retry.</p>
      <ul className="parked-streams">
        {parked.map((row) => (
          <ParkedStreamItem key={`${row.projection}/${row.stream_id}`} row={row} />
        ))}
      </ul>
    </>
  );
}

function ParkedStreamItem({ row }: { row: ParkedStream }) {
  const queryClient = useQueryClient();
  const retry = useMutation({ mutationFn: () => retryParkedStream(row), onSuccess: () => queryClient.invalidateQueries({ queryKey: healthKey }) });
  const waiting = row.retry_requested_at !== null || retry.isPending;
  return (
    <li>
      <p>
        <strong>{row.projection}</strong> · {row.stream_id} · {row.event_type} (revision {row.event_revision}) · parked {formatDate(row.parked_at)} {new Date(row.parked_at).toLocaleTimeString('en-US')}
      </p>
      <details>
        <summary>What the read model said</summary>
        <p className="parked-error">{row.error}</p>
      </details>
      {retry.isError && <Alert>{errorMessage(retry.error)}</Alert>}
      <button type="button" disabled={waiting} onClick={() => retry.mutate()}>
        {waiting ? 'Retry requested…' : 'Retry'}
      </button>
    </li>
  );
}
