/**
 * RFC 4180 CSV cells and lines for the export: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF,
 * quotes doubled. Cells a spreadsheet would run as a formula (starting with = + - @, tab or CR) get a leading
 * apostrophe (OWASP "CSV injection"), so opening an export never executes anything — except an E.164 phone number,
 * which is only a number.
 */

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only when it starts with one. */
export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * An international phone number (E.164: + and digits only) can only ever evaluate to that number, and CRM imports
 * (HubSpot, Pipedrive) need the + kept: it is written as it is.
 */
const E164 = /^\+[1-9]\d{5,14}$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null/undefined → empty, Date → ISO 8601, numbers and booleans as written, text neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'number') {
    // A number is never a formula, even a negative one; it stays a number for the spreadsheet.
    return Number.isFinite(value) ? String(value) : '';
  } else text = String(value);
  if (FORMULA_START.test(text) && !E164.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record; `numeric` lists the positions holding numbers written as text (kept as they are). */
export function csvLine(values: readonly unknown[], numeric?: ReadonlySet<number>): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    const value = values[i];
    line += numeric?.has(i) && typeof value === 'string' ? value : csvCell(value);
  }
  return `${line}\r\n`;
}

/**
 * The file name of an export: the session name made safe for every OS, plus the date, e.g.
 * `dentists-in-leeds-2026-11-21.csv`; falls back to session_export.csv, the name the specification fixes, when nothing
 * is left.
 */
export function exportFileName(sessionName: string | null, now: Date, fallback: string): string {
  const base = (sessionName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (!base) return fallback;
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Content-Disposition with an ASCII name and the RFC 5987 UTF-8 form (the name is ASCII already). */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
