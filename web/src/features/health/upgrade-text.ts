import type { ProjectionHealth } from './api/projection-health';

type Upgrade = ProjectionHealth['projections'][number]['upgrade'];

/** One line for the health table: where a read model's upgrade to a new version is (decision 0215). */
export function upgradeText(upgrade: Upgrade): string {
  if (!upgrade) return 'none';
  if (upgrade.state === 'failed') return `to version ${upgrade.to_version} failed; version ${upgrade.from_version ?? '?'} serves`;
  const { progress } = upgrade;
  if (!progress) return `to version ${upgrade.to_version}: starting`;
  const figures = `${progress.events_done.toLocaleString('en-US')} of ${progress.events_total.toLocaleString('en-US')} events, ${progress.events_per_second.toLocaleString('en-US')}/s`;
  if (progress.phase === 'load') return `to version ${upgrade.to_version}: ${figures}, about ${progress.eta_seconds} s left`;
  return `to version ${upgrade.to_version}: ${figures}, ${progress.phase === 'index' ? 'building indexes' : 'swapping in'}`;
}
