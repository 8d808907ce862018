import { randomBytes } from 'node:crypto';
import { hashPassword } from '@shop/infra';
import { planDemoHistory, type DemoOptions } from './plan.js';
import { DemoWriter, type DemoWriterDeps } from './writer.js';

export interface DemoSummary {
  customers: number;
  staff: number;
  organizations: number;
  projects: number;
  /** Steps written now; the rest were already there from an earlier run with this seed. */
  written: number;
  skipped: number;
}

/**
 * Plans the seed's history and writes each step in time order through the command side,
 * reporting progress after every step. Running it again with the same seed writes nothing new.
 */
export async function generateDemoData(
  deps: Omit<DemoWriterDeps, 'passwordHash'>,
  options: DemoOptions,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<DemoSummary> {
  const plan = planDemoHistory(options);
  const writer = new DemoWriter({ ...deps, passwordHash: await hashPassword(randomBytes(18).toString('base64url')) }, options.seed);
  let written = 0;
  for (const [index, step] of plan.steps.entries()) {
    if (await writer.write(step)) written++;
    onProgress(index + 1, plan.steps.length);
  }
  return {
    customers: plan.customers.length,
    staff: plan.staff.length,
    organizations: plan.organizations.length,
    projects: plan.projects,
    written,
    skipped: plan.steps.length - written,
  };
}
