import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { fetchProjectionHealth, retryParkedStream, type KafkaFeedHealth, type ParkedStream, type ProjectionHealth } from '../api/projection-health';
import { upgradeText } from '../upgrade-text';
import { MailDeliveries } from './MailDeliveries';

const healthKey = queryKeys.projectionHealth;
/** The view follows the projections while it is open: lag moves by the second, a retry lands in about one. */
const REFRESH_MS = 2_000;

/**
 * /internal/health/: how far behind each read model is, the version it runs and its upgrade
 * (decision 0215), the streams parked on an event it rejected (decision 0111), in the scaled
 * topology how far the Kafka feed is behind and the gaps it filled from the event store (decision
 * 0385), and the mail that failed or was retried (decision 0327).
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
      {health.data?.kafka && <KafkaFeed kafka={health.data.kafka} />}
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

/** The scaled topology's feed: the projector group per partition, the relay, and gaps read from the event store instead of Kafka. */
function KafkaFeed({ kafka }: { kafka: KafkaFeedHealth }) {
  const { relay, gap_fills: fills } = kafka;
  return (
    <>
      <h2>Kafka feed</h2>
      <p>
        Relay: {relay.lag_events === 0 ? 'every event is in Kafka' : `${relay.lag_events} events not yet in Kafka, the oldest waiting ${(relay.lag_ms / 1000).toFixed(1)} s`} (topic{' '}
        {kafka.topic}).
      </p>
      {kafka.consumer_lag ? (
        <table aria-label="Consumer lag per partition">
          <thead>
            <tr>
              <th scope="col">Partition</th>
              <th scope="col">Messages not yet applied</th>
            </tr>
          </thead>
          <tbody>
            {kafka.consumer_lag.map((row) => (
              <tr key={row.partition}>
                <td>{row.partition}</td>
                <td>{row.messages}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Alert>The consumer lag could not be read from Kafka: {kafka.consumer_lag_error}</Alert>
      )}
      {fills.total === 0 ? (
        <p>No gaps: every event came through Kafka.</p>
      ) : (
        <>
          <p>
            Gaps filled from the event store: {fills.total} ({fills.events_filled} events that did not come through Kafka). The newest:
          </p>
          <ul aria-label="Gaps filled from the event store">
            {fills.recent.map((fill) => (
              <li key={`${fill.projection}/${fill.stream_id}/${fill.from_revision}/${fill.filled_at}`}>
                {fill.projection} · {fill.stream_id} · revisions {fill.from_revision}–{fill.to_revision} · {formatDate(fill.filled_at)}{' '}
                {new Date(fill.filled_at).toLocaleTimeString('en-US')}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
