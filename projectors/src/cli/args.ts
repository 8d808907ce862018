import { parseArgs } from 'node:util';

/** `--name value` options and positional words; an unknown option stops with a usage line. */
export function parseCliArgs(
  argv: string[],
  names: readonly string[],
  usage: string,
): { values: Record<string, string | undefined>; positionals: string[] } {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: values as Record<string, string | undefined>, positionals };
  } catch (error) {
    throw new CliUsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** An ISO date or date-time; a bare date means its first instant in UTC. */
export function parseInstant(value: string, option: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new CliUsageError(`${option} must be an ISO date such as 2024-03-31 or 2024-03-31T18:00:00Z`);
  return parsed;
}
