import { writeFile } from 'node:fs/promises';
import { commonConfigSchema, loadConfig } from '@shop/infra';
import { digestForAuditor, logSigningKeyFile, readLogPublicKey, verifyLog, type LogVerification } from '@shop/event-store';
import { CliUsageError, openCliDatabase, parseCliArgs } from '@shop/projectors';

const USAGE = 'usage: npm run verify-log -- [--public-key <pem file>] [--digest-out <file>]';
const SHOWN_FAULTS = 20;

/**
 * `npm run verify-log`: recomputes every stream's hash chain from the stored events and checks
 * every signed digest against the trusted public key (decisions 0345-0348). Exits 0 when the whole
 * log is as appended, 1 naming the first event (id and position) that is not, 2 on bad usage.
 * After a restore, digests from the bundle are checked over the events the bundle named them as
 * covering; those that sealed history beyond a `--until` cut are named as such, not failed (decision 0390).
 * Every logged rewrite is printed, and a digest sealed before one whose re-chain replaced its heads'
 * hashes verifies with the hashes it sealed, named as such (decision 0455).
 * `--public-key` names the key an auditor kept (default: the shop's signing key file);
 * `--digest-out` writes the newest verified digest as JSON for the auditor to keep.
 */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, ['public-key', 'digest-out'], USAGE);
  if (positionals.length > 0) throw new CliUsageError(`unexpected ${positionals.join(' ')}\n${USAGE}`);
  const keyFile = values['public-key'] ?? logSigningKeyFile(loadConfig(commonConfigSchema));
  const publicKey = await readLogPublicKey(keyFile).catch((error: unknown) => {
    throw new CliUsageError(`cannot read the public key in ${keyFile} (${(error as Error).message}); pass --public-key <pem file>`);
  });
  const database = await openCliDatabase();
  try {
    const result = await verifyLog(database.pool, publicKey);
    console.log(summary(result));
    for (const line of beyondCut(result)) console.log(line);
    for (const line of beforeCoverage(result)) console.log(line);
    for (const line of rewrites(result)) console.log(line);
    if (values['digest-out'] && result.verifiedUpTo) {
      await writeFile(values['digest-out'], `${JSON.stringify(digestForAuditor(result.verifiedUpTo), null, 2)}\n`);
      console.log(`Digest ${result.verifiedUpTo.digestId} written to ${values['digest-out']}.`);
    }
    return result.faults.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

function summary(result: LogVerification): string {
  const counted = `${result.events} events in ${result.streams} streams, ${result.digests} digests`;
  if (result.faults.length === 0) {
    const upTo = result.verifiedUpTo;
    return upTo
      ? `History verified: ${counted}; verified up to digest ${upTo.digestId} sealed at ${upTo.sealedAt} (${upTo.eventCount} events, root ${upTo.root.toString('hex')}).`
      : `History verified: ${counted}; no digest seals it yet.`;
  }
  const [first, ...rest] = result.faults;
  const more = rest.slice(0, SHOWN_FAULTS - 1).map((fault) => `  - ${fault.message}`);
  if (rest.length > more.length) more.push(`  … and ${rest.length - more.length} more`);
  return [`The log is NOT as appended (${counted}).`, `First: ${first!.message}`, ...(more.length ? ['Also:', ...more] : [])].join('\n');
}

/** One line per restore whose --until cut left out events that digests from its bundle had sealed. */
function beyondCut(result: LogVerification): string[] {
  const byRestore = new Map<string, LogVerification['beyondCut']>();
  for (const skipped of result.beyondCut) byRestore.set(skipped.restore.restoreId, [...(byRestore.get(skipped.restore.restoreId) ?? []), skipped]);
  return [...byRestore.values()].map((skipped) => {
    const { restore } = skipped[0]!;
    const ids = skipped.map(({ digest }) => digest.digestId);
    const [named, they] = ids.length === 1 ? [`Digest ${ids[0]}`, 'it'] : [`Digests ${ids.join(', ')}`, 'they'];
    return (
      `${named} sealed history beyond the restore's cut at ${restore.until} (restored at ${restore.restoredAt} from the backup of ${restore.backupTakenAt} with --until): ` +
      `${they} covered events the cut left out, so ${they} cannot verify this log and ${they === 'it' ? 'was' : 'were'} not checked against it (signature${ids.length === 1 ? '' : 's'} checked). This is the cut, not a change.`
    );
  });
}

/**
 * One line per digest from a bundle taken before decision 0390, once a digest sealed after its
 * restore verifies the restored log: not checkable, not a fault (decision 0456).
 */
function beforeCoverage(result: LogVerification): string[] {
  return result.beforeCoverage.map(
    ({ digest, restore }) =>
      `Digest ${digest.digestId} sealed at ${digest.sealedAt} came from the backup of ${restore.backupTakenAt} (restored at ${restore.restoredAt}), taken before decision 0390: ` +
      'that backup did not say which events each digest covered, so it cannot be checked against the restored log (signature checked). The digests sealed since the restore verify it.',
  );
}

/**
 * Every rewrite made through the logged path, then each digest that verified only with the hashes
 * a re-chain replaced (decision 0455): the log is as sealed but for what those rewrites changed.
 */
function rewrites(result: LogVerification): string[] {
  const logged = result.rewrites.map((rewrite) => {
    const rechained = rewrite.rechained === 0 ? 'nothing re-chained' : `${rewrite.rechained} events re-chained in ${rewrite.rechainedStreams.map((stream) => JSON.stringify(stream)).join(', ')}`;
    return `Logged rewrite at ${rewrite.rewrittenAt} by ${rewrite.rewrittenBy} (transaction ${rewrite.transactionId}): ${JSON.stringify(rewrite.reason)}; ${rechained}.`;
  });
  const sealedBefore = result.sealedBeforeRewrites.map(({ digest, rewrites: through }) =>
    `Digest ${digest.digestId} sealed at ${digest.sealedAt} verified with the hashes it sealed before the logged rewrite${through.length === 1 ? '' : 's'} at ${through.map((rewrite) => rewrite.rewrittenAt).join(', ')}: ` +
    'the log is as it sealed it but for what those rewrites changed.',
  );
  return [...logged, ...sealedBefore];
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof CliUsageError ? 2 : 1);
  },
);
