// Values the integration global setup (tests/support/global-setup.ts) hands to test files.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL on which tests may create and drop their own databases. */
    adminDatabaseUrl: string;
  }
}
