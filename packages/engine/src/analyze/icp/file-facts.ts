/**
 * Facts an imported file states about a business: its own columns, kept as attributes with the
 * file's header. ICP scoring reads the company size from a number column whose header says it counts employees
 * (EMPLOYEES, Employee count, Staff, Headcount, Number of employees, Mitarbeiter …) when the site states none.
 *
 * Headers are compared as plain words (lower case, accents and punctuation dropped) against a fixed list, by
 * code rather than a pattern: a header is whatever the file's author typed, and a list cannot backtrack.
 */

/** One column of the imported file for a business: its header as written and the value read for this row. */
export interface FileAttribute {
  label: string;
  value: string | number | boolean;
}

/** A header as plain words: "No. of Employees" → "no of employees", "Beschäftigte" → "beschaftigte". */
export function headerWords(label: string): string {
  let words = '';
  let gap = false;
  for (const ch of label.normalize('NFKD').toLowerCase()) {
    const code = ch.charCodeAt(0);
    if (code >= 0x300 && code <= 0x36f) continue; // an accent NFKD split off its letter
    const isWord = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === 'ß';
    if (!isWord) {
      gap = true;
      continue;
    }
    if (gap && words) words += ' ';
    words += ch;
    gap = false;
  }
  return words;
}

const COUNTED = ['employees', 'employee', 'staff', 'headcount', 'head count', 'workers', 'people'];
/** Headers that name a count of employees, as plain words (headerWords). */
const EMPLOYEE_HEADERS: ReadonlySet<string> = new Set([
  ...COUNTED.flatMap((noun) => [
    noun,
    `number of ${noun}`,
    `no of ${noun}`,
    `num ${noun}`,
    `nr of ${noun}`,
    `total ${noun}`,
    `${noun} count`,
    `${noun} total`,
    `${noun} number`,
  ]).filter((header) => header !== 'people' && header !== 'workers'),
  'employee size',
  'employees size',
  'staff size',
  'team size',
  'company size',
  'fte',
  'ftes',
  'employees fte',
  // German, French, Spanish, Italian, Dutch, Portuguese.
  'mitarbeiter',
  'mitarbeiterzahl',
  'anzahl mitarbeiter',
  'anzahl der mitarbeiter',
  'mitarbeiteranzahl',
  'beschaftigte',
  'anzahl beschaftigte',
  'employes',
  'nombre d employes',
  'effectif',
  'effectifs',
  'empleados',
  'numero de empleados',
  'dipendenti',
  'numero dipendenti',
  'medewerkers',
  'aantal medewerkers',
  'werknemers',
  'funcionarios',
]);

/** Whether a header names the number of employees. */
export const isEmployeeHeader = (label: string): boolean => EMPLOYEE_HEADERS.has(headerWords(label));

/**
 * The employee count the file states: the first number column with an employee-count header whose value is a
 * whole-enough count (≥ 0), with that header; null when the file has none for this business.
 */
export function employeeCountFromFile(
  attributes: readonly FileAttribute[] | null | undefined,
): { count: number; label: string } | null {
  for (const attribute of attributes ?? []) {
    const { value } = attribute;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) continue;
    if (isEmployeeHeader(attribute.label)) return { count: Math.round(value), label: attribute.label };
  }
  return null;
}
