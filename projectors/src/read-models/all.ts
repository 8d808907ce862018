import type { Projection } from '../runner/projection.js';

/** Every projection the shop runs, in no particular order (each has its own checkpoint). */
export const allProjections: Projection[] = [];

/** Folders of the read models' table migrations, applied with the event store's. */
export const readModelMigrationDirs: string[] = [];
