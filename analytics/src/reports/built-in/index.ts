import type { AnyReport } from '../report.js';
import { abandoned } from './abandoned.js';
import { funnel } from './funnel.js';
import { leadTimes } from './lead-times.js';
import { revenue } from './revenue.js';
import { staffActivity } from './staff-activity.js';

/** The reports `npm run report -- <name>` knows by name. */
export const builtInReports: Readonly<Record<string, AnyReport>> = {
  revenue,
  funnel,
  'lead-times': leadTimes,
  abandoned,
  'staff-activity': staffActivity,
};
