/** Counting right and wrong: precision, recall and F1 from true/false positives and misses. */

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Figures extends Counts {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

type FindingKind = 'miss' | 'false_positive' | 'unlabelled' | 'wrong' | 'inferred' | 'read';

export interface Finding {
  analyzer: string;
  page: string;
  kind: FindingKind;
  /** What was missed or wrongly found. */
  what: string;
  /** The label's evidence (misses) or the analyzer's (false positives). */
  evidence: string;
}

export interface PageScore {
  counts: Partial<Record<string, Counts>>;
  /** Accuracy-style analyzers: right (1) or wrong (0); absent when the page has no label for it. */
  right: Partial<Record<string, 0 | 1>>;
  findings: Finding[];
}

export const emptyCounts = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

export function addCounts(into: Counts, more: Counts): Counts {
  into.tp += more.tp;
  into.fp += more.fp;
  into.fn += more.fn;
  return into;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

export function figuresOf(counts: Counts): Figures {
  const precision = ratio(counts.tp, counts.tp + counts.fp);
  const recall = ratio(counts.tp, counts.tp + counts.fn);
  const f1 =
    precision === null || recall === null || precision + recall === 0
      ? null
      : (2 * precision * recall) / (precision + recall);
  return { ...counts, precision, recall, f1 };
}

export interface Accuracy {
  right: number;
  total: number;
  accuracy: number | null;
}

export const accuracyOf = (right: number, total: number): Accuracy => ({
  right,
  total,
  accuracy: ratio(right, total),
});

/**
 * Lower case, accents, punctuation and middle initials removed, words sorted: "Lehmann Elvira" = "elvira lehmann",
 * "Frank D. Wieland" = "Frank Wieland" (one person, written with and without the initial).
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 1)
    .sort()
    .join(' ');
}

/**
 * A job title as a comparable key: lower case, gender tags "(m/w/d)", "(f/m/x)", "(all genders)" and
 * punctuation removed.
 */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/\((?:[mwfdx]\s*\/\s*)+[mwfdx]\)|\(all genders?\)|\(gn\)|\*in\b/g, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
