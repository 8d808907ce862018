import { CliUsageError } from '@shop/projectors';

/** Runs a command-line tool: one line on failure, exit code 2 for wrong flags, 1 for anything else. */
export function runCli(main: (argv: string[]) => Promise<void>): void {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof CliUsageError ? 2 : 1);
  });
}
