import { ProjectEvent } from '@shop/domain';
import { describe, expect, it } from 'vitest';

/**
 * projectHistoryBulk.fromTheLog takes an audit row's actor and time as `COALESCE(data ->> 'by',
 * metadata ->> 'actor')` (and 'at'), where auditRow takes `data.by` only when it is a string. The
 * two agree for every event the rebuild folds as stored because every project event's schema
 * requires both fields as strings; a new event type without them must change that SQL.
 */
describe('the audit log made from the log', () => {
  it('relies on every project event requiring at and by as strings', () => {
    for (const option of ProjectEvent.options) {
      const type = option.shape.type.value;
      const fields = option.shape.data.shape as Record<string, { safeParse: (value: unknown) => { success: boolean } } | undefined>;
      for (const field of ['at', 'by']) {
        const accepts = (value: unknown) => fields[field]?.safeParse(value).success ?? 'no such field';
        expect({ type, field, text: accepts('2026-01-01T00:00:00.000Z'), missing: accepts(undefined), null: accepts(null), number: accepts(5) }).toEqual({
          type,
          field,
          text: true,
          missing: false,
          null: false,
          number: false,
        });
      }
    }
  });
});
