import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Projection } from '../runner/projection.js';
import { notificationsProjection } from './notifications/projection.js';
import { organizationsProjection } from './organizations/projection.js';
import { projectHistoryProjection } from './project-history/projection.js';
import { projectsProjection } from './projects/projection.js';
import { revenueProjection } from './revenue/projection.js';
import { usersProjection } from './users/projection.js';

/** Every projection the shop runs, in no particular order (each has its own checkpoint). */
export const allProjections: Projection[] = [
  projectsProjection,
  projectHistoryProjection,
  revenueProjection,
  usersProjection,
  organizationsProjection,
  notificationsProjection,
];

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsOf = (readModel: string) => path.join(here, readModel, 'migrations');

/** Folders of the read models' table migrations, applied with the event store's. */
export const readModelMigrationDirs: string[] = ['projects', 'project-history', 'revenue', 'notifications', 'users', 'organizations', 'catalogue'].map(
  migrationsOf,
);
