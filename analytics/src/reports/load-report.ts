import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtInReports } from './built-in/index.js';
import type { AnyReport } from './report.js';

/** A word that names a file rather than a built-in report. */
export const isReportFile = (name: string): boolean => name.includes('/') || name.includes('\\') || /\.[cm]?[jt]s$/.test(name);

/**
 * A built-in report by name, or an analyst's report from a file (its default export, or an export
 * named `report`): `{ initial, evolve, rows }`. Null for an unknown name; an error for a file that
 * does not hold a report.
 */
export async function loadReport(name: string, cwd = process.cwd()): Promise<AnyReport | null> {
  if (!isReportFile(name)) return Object.hasOwn(builtInReports, name) ? builtInReports[name]! : null;
  const file = path.resolve(cwd, name);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(file)) throw new ReportFileError(`no report file at ${file}`);
    throw new ReportFileError(`could not load ${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const report = (module.default ?? module.report) as Partial<AnyReport> | undefined;
  if (!report || typeof report.initial !== 'function' || typeof report.evolve !== 'function' || typeof report.rows !== 'function') {
    throw new ReportFileError(`${name} must export a report as its default export: { initial, evolve, rows } (see docs/writing-a-report.md)`);
  }
  return report as AnyReport;
}

export class ReportFileError extends Error {
  override readonly name = 'ReportFileError';
}
