import { ProjectEvent } from '@shop/domain';
import { exactCheck, plainSchema } from '@shop/infra/log-reading';

/**
 * A stored project event as the domain knows it: `ProjectEvent.parse`, with the same answer for
 * less work. When the event is valid as it stands (no unknown key, nothing to fill in), zod would
 * only hand back a copy of it, so an exact check (infra's `exactCheck`) lets the event through as
 * it is; anything else is parsed by zod as before, stripping unknown keys or failing loudly.
 *
 * Every projection reads project events through here, live and in a rebuild, so both fold the
 * same objects: zod's copy puts keys in the schema's order, the log's JSON in jsonb's, and the
 * projects read model keeps the folded state as json text (docs/decisions/0100).
 */
export function readProjectEvent(type: string, data: Record<string, unknown>): ProjectEvent {
  if (checkOf(type)?.(data)) return { type, data } as ProjectEvent;
  return ProjectEvent.parse({ type, data });
}

const dataSchemas = new Map<string, Parameters<typeof exactCheck>[0]>(ProjectEvent.options.map((option) => [option.shape.type.value, option.shape.data]));
const checks = new Map<string, ((data: unknown) => boolean) | null>();

function checkOf(type: string): ((data: unknown) => boolean) | null {
  let check = checks.get(type);
  if (check === undefined) {
    const schema = dataSchemas.get(type);
    check = schema ? exactCheck(schema) : null;
    checks.set(type, check);
  }
  return check;
}

/**
 * A project event as the log holds it, in its current version (no upcaster touched it): the
 * command handler parsed its data with the same schema before appending it (`dataToAppend`), so
 * it is taken as it stands, without a second check. Only for types whose schema hands back what
 * it is given (`plainSchema`: no defaults or transforms zod would fill in); others are parsed.
 * The rebuild reads through here (docs/decisions/0100); the live path keeps readProjectEvent,
 * which parks a stream whose event is not what its schema says (decision 0111).
 */
export function readStoredProjectEvent(type: string, data: Record<string, unknown>): ProjectEvent {
  if (isPlain(type)) return { type, data } as ProjectEvent;
  return ProjectEvent.parse({ type, data });
}

const plain = new Map<string, boolean>();

function isPlain(type: string): boolean {
  let answer = plain.get(type);
  if (answer === undefined) {
    const schema = dataSchemas.get(type);
    answer = schema !== undefined && plainSchema(schema);
    plain.set(type, answer);
  }
  return answer;
}
