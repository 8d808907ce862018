/**
 * PostgreSQL's COPY text format: one line per row, columns split by tabs, `\N` for NULL.
 * Backslash, tab, newline and carriage return inside a value are escaped; jsonb columns get
 * the same JSON text a query parameter would (JSON.stringify), so the stored values match.
 */
const SPECIAL = /[\\\t\n\r]/g;
const HAS_SPECIAL = /[\\\t\n\r]/; // no g flag: test() must not keep a lastIndex
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'object') return jsonCopyText(JSON.stringify(value));
  const text = typeof value === 'string' ? value : String(value);
  return HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (char) => ESCAPES[char]!) : text;
}

/** JSON text holds no raw tab, new line or carriage return (JSON escapes them): only backslashes need doubling. */
function jsonCopyText(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

export function copyLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : '\t') + copyValue(values[i]);
  return `${line}\n`;
}
