import type { FieldProblem } from '@shop/domain';

/** The messages of the problems on exactly this field path (deduplicated, in order). */
export function messagesAt(problems: readonly FieldProblem[], path: string): string[] {
  return [...new Set(problems.filter((p) => p.field === path).map((p) => p.message))];
}

/** The messages of the first of these paths that has any. */
export function firstMessage(problems: readonly FieldProblem[], ...paths: string[]): string | undefined {
  for (const path of paths) {
    const [message] = messagesAt(problems, path);
    if (message) return message;
  }
  return undefined;
}

/** A validation message shown beside its field; `id` is what the input's aria-describedby names. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

export const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;
