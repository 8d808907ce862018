import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BulkProjection } from '../rebuild/bulk-fold.js';
import type { Projection } from '../runner/projection.js';
import { notificationsBulk, notificationsProjection } from './notifications/projection.js';
import { organizationsBulk, organizationsProjection } from './organizations/projection.js';
import { projectHistoryBulk, projectHistoryProjection } from './project-history/projection.js';
import { projectFlowBulk, projectFlowProjection } from './project-flow/projection.js';
import { projectsBulk, projectsProjection } from './projects/projection.js';
import { revenueBulk, revenueProjection } from './revenue/projection.js';
import { usersBulk, usersProjection } from './users/projection.js';

/** Every projection the shop runs, in no particular order (each has its own checkpoint). */
export const allProjections: Projection[] = [
  projectsProjection,
  projectHistoryProjection,
  revenueProjection,
  usersProjection,
  organizationsProjection,
  notificationsProjection,
  projectFlowProjection,
];

/** How each of them rebuilds in one pass (rebuild/one-pass.ts), by projection name. */
export const bulkProjections: ReadonlyMap<string, BulkProjection> = new Map(
  [projectsBulk, projectHistoryBulk, revenueBulk, usersBulk, organizationsBulk, notificationsBulk, projectFlowBulk].map((bulk) => [bulk.name, bulk]),
);

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsOf = (readModel: string) => path.join(here, readModel, 'migrations');

/** Folders of the read models' table migrations (and the rebuild's progress table), applied with the event store's. */
export const readModelMigrationDirs: string[] = [
  ...['projects', 'project-history', 'revenue', 'notifications', 'users', 'organizations', 'catalogue', 'project-flow'].map(migrationsOf),
  path.join(here, '..', 'rebuild', 'migrations'),
];
