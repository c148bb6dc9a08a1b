/**
 * Reading the address's search parameters (each route's `validateSearch`). Plain functions, not zod: the route
 * tree is part of the first JavaScript every visitor loads, /login included, and zod with the contract's schemas
 * is a quarter of it (/login must stay small). A value that is not right (a hand-edited address) falls back
 * to its default instead of failing the page. The router has already parsed each value as JSON where it could
 * (`?x=123` arrives as the number 123), so numbers are read back as text where text is wanted. A value that is
 * not right comes out as undefined rather than being left out: the router lays the result over the address, so the
 * wrong text leaves the address too.
 */

import type { SearchSchemaInput } from '@tanstack/react-router';

export type SearchInput = Record<string, unknown>;

/**
 * A route's `validateSearch` from a function that reads the raw values: links and navigations may leave out any
 * key (the reader fills in its default), the page reads the complete result.
 */
export const searchValidator =
  <T>(read: (input: SearchInput) => T) =>
  (input: Partial<T> & SearchSchemaInput): T =>
    read(input as SearchInput);

/** Text, also when the router parsed it as a number; anything else is undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** One of `allowed`, else undefined. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A whole number (also written as text) of at least `min` and, when given, one of `allowed`; else `fallback`. */
export function wholeNumber(
  value: unknown,
  fallback: number,
  { min = 0, allowed }: { min?: number; allowed?: readonly number[] } = {},
): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min) return fallback;
  if (allowed && !allowed.includes(number)) return fallback;
  return number;
}

/** A list of texts: a JSON list, or one comma-separated text; empty entries dropped. Undefined when unreadable. */
export function textList(value: unknown): string[] | undefined {
  const items = Array.isArray(value) ? value.map(text) : typeof value === 'string' ? value.split(',') : null;
  if (!items || items.some((item) => item === undefined)) return undefined;
  return (items as string[]).map((item) => item.trim()).filter((item) => item !== '');
}

/** A JSON object (or its text, as a hand-written address has it); anything else is undefined. */
export function jsonObject(value: unknown): Record<string, unknown> | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

/** `?session_id=` of the session screens: passed through as given, optional. */
export interface SessionSearch {
  session_id?: string;
}
export const readSessionSearch = (search: SearchInput): SessionSearch => ({
  session_id: text(search.session_id),
});
export const sessionSearchSchema = searchValidator(readSessionSearch);

/**
 * How a list page changes its address. A user's step (another page, sort, filter, search, an opened drawer) adds a
 * history entry, so the browser's Back undoes it; a correction the page makes itself (a page past the end, a saved
 * view applied on opening, a drawer closed) replaces the current entry.
 */
export type SearchChange<S> = (patch: Partial<S>, how?: { replace?: boolean }) => void;
