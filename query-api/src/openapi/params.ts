import { z } from 'zod';
import { projectStates } from '@shop/domain';

/** `:id` of a project or organization. */
export const ById = z.object({ params: z.object({ id: z.string().min(1).max(100) }) });

const stateCode = `(${[...projectStates].sort((a, b) => b.length - a.length).join('|')})`;
/** How the document describes `state`/`states`: one SPEC §4 code or a comma list of them. */
export const StateListDoc = z.string().regex(new RegExp(`^${stateCode}(,${stateCode})*$`));
