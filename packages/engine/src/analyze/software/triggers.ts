/**
 * Inverted index from literals to the patterns they can wake: after one scan of a page, only patterns one of
 * whose trigger literals occurs are looked at (a few hundred of 7,000), instead of checking every pattern.
 */

import { isBoilerplate } from './boilerplate';
import type { LiteralIndex } from './literal-index';
import type { DomRule } from './match-dom';
import type { CompiledPattern } from './pattern';

export interface Triggers<T> {
  byLiteral: Map<number, T[]>;
  /** Items without a usable literal: always candidates. */
  always: T[];
}

function register<T>(triggers: Triggers<T>, ids: number[] | null, item: T): void {
  if (!ids || ids.length === 0) {
    triggers.always.push(item);
    return;
  }
  for (const id of ids) {
    const list = triggers.byLiteral.get(id);
    if (list) list.push(item);
    else triggers.byLiteral.set(id, [item]);
  }
}

/** Which of the pattern's clauses has the longest shortest literal: the least likely to occur by chance (-1: none). */
export function bestClauseIndex(pattern: CompiledPattern): number {
  let best = -1;
  let bestLength = 0;
  (pattern.clauses ?? []).forEach((clause, i) => {
    const length = Math.min(...clause.map((l) => l.length));
    if (length > bestLength) {
      best = i;
      bestLength = length;
    }
  });
  return best;
}

function bestClause(pattern: CompiledPattern): number[] | null {
  const best = bestClauseIndex(pattern);
  return best === -1 ? null : (pattern.clauseIds?.[best] ?? null);
}

export function patternTriggers(
  patterns: CompiledPattern[],
  usable: (pattern: CompiledPattern) => boolean = () => true,
): Triggers<CompiledPattern> {
  const triggers: Triggers<CompiledPattern> = { byLiteral: new Map(), always: [] };
  for (const pattern of patterns) register(triggers, usable(pattern) ? bestClause(pattern) : null, pattern);
  return triggers;
}

/**
 * A DOM rule wakes when, for one of its selector alternatives, a literal that alternative needs in the source
 * occurs: an attribute value, an id, a class, an attribute name or `<tag` (in that order of preference).
 */
export function domTriggers(rules: DomRule[], index: LiteralIndex): Triggers<DomRule> {
  const triggers: Triggers<DomRule> = { byLiteral: new Map(), always: [] };
  for (const rule of rules) {
    const ids: number[] = [];
    for (const alt of rule.alternatives ?? []) {
      const { texts, ids: elementIds, classes, attributes, tags } = alt.needs;
      const ranked = [texts, elementIds, classes, attributes, tags.map((t) => `<${t}`)]
        .map((list) =>
          list
            .map((l) => l.toLowerCase())
            .filter(
              (l) =>
                l.length >= 3 && /^[\x20-\x7e]+$/.test(l) && !/[&<>"']/.test(l.slice(1)) && !isBoilerplate(l),
            ),
        )
        .find((list) => list.length > 0);
      const literal = ranked?.reduce((a, b) => (b.length > a.length ? b : a));
      if (!literal) {
        ids.length = 0;
        break; // this alternative cannot be triggered: the rule is always a candidate
      }
      ids.push(index.add(literal));
    }
    register(triggers, rule.alternatives ? ids : null, rule);
  }
  return triggers;
}

/** The items woken by the literals found, plus the ones always checked, each once. */
export function candidates<T>(triggers: Triggers<T>, found: readonly number[]): T[] {
  if (found.length === 0) return triggers.always;
  const out = new Set<T>(triggers.always);
  for (const id of found) {
    const list = triggers.byLiteral.get(id);
    if (list) for (const item of list) out.add(item);
  }
  return [...out];
}
