/**
 * PostgreSQL's COPY text format: one line per row, columns split by tabs, `\N` for NULL.
 * Backslash, tab, newline and carriage return inside a value are escaped; an object (for a json
 * or jsonb column, or JSON kept as text) gets the same JSON text a query parameter would
 * (JSON.stringify), so the stored values match.
 */
const SPECIAL = /[\\\t\n\r]/g;
const HAS_SPECIAL = /[\\\t\n\r]/; // no g flag: test() must not keep a lastIndex
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return escaped(value);
    // A number's or a boolean's text is digits, a sign, a point, an exponent or a word: nothing
    // to escape, so no scan (a rebuild writes hundreds of thousands of revisions and amounts).
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'undefined':
      return '\\N';
    case 'object':
      return value === null ? '\\N' : jsonCopyText(JSON.stringify(value));
    default:
      return escaped(String(value));
  }
}

function escaped(text: string): string {
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
