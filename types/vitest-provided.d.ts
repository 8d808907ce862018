// Values the integration global setup (tests/support/global-setup.ts) hands to test files.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL on which tests may create and drop their own databases. */
    adminDatabaseUrl: string;
    /** A folder where the first Kafka test file leaves the broker it started for the next ones (tests/support/kafka.ts). */
    sharedKafkaDir: string;
  }
}
