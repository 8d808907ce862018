/** What an analyst's report file and the tests use: the report's shape, the engine, the built-in folds. */
export * from './report.js';
export { runReport } from './run-report.js';
export { builtInReports } from './built-in/index.js';
export { percentile } from './built-in/lead-times.js';
export { shopDay, shopMonth, shopWeek, inPeriod } from './shop-calendar.js';
export { exportEvents } from '../export/export-events.js';
export { reportCommand, type CommandIo } from './report-command.js';
export { exportCommand } from '../export/export-command.js';
