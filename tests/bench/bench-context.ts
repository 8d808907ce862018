export interface Row {
  section: string;
  case: string;
  figures: string;
  ratio: string;
}

export interface BenchContext {
  quick: boolean;
  /** A new, migrated database on the benchmark's PostgreSQL. */
  freshDatabase: () => Promise<string>;
  adminUrl: string;
}
