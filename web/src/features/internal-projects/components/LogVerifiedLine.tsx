import { API_BASE, errorMessage } from '../../../lib/api-client';
import { LOG_DIGEST_PATH } from '../api/internal-projects';
import { useLogDigest } from '../api/queries';
import { dateTime } from './detail-helpers';

/**
 * "History verified up to event N at T" over the newest signed digest of the whole log, and the
 * digest itself to download and keep (decision 0350); `npm run verify-log` checks the log against it.
 */
export function LogVerifiedLine() {
  const digest = useLogDigest();
  if (digest.isPending) return null;
  if (digest.isError) return <p className="muted log-verified">History not verified: {errorMessage(digest.error)}</p>;
  if (digest.data === null) return <p className="muted log-verified">No digest seals the history yet.</p>;
  return (
    <p className="log-verified">
      History verified up to event {digest.data.events} at {dateTime(digest.data.sealedAt)} (signed digest {digest.data.digestId}).{' '}
      <a href={`${API_BASE}${LOG_DIGEST_PATH}`} download={`shop-log-digest-${digest.data.digestId}.json`}>
        Download signed digest
      </a>
    </p>
  );
}
