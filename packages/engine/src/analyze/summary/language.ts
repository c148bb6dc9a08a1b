import type { ParsedPage } from '../../crawl/page';
import { pageText } from './page-text';

/** The most frequent short words of each language we guess (and that the others rarely use). */
// biome-ignore format: a word list reads better compact
const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'for', 'with', 'you', 'that', 'are', 'our', 'we', 'your', 'this', 'on', 'from', 'have', 'be', 'it'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'sie', 'ich', 'wir', 'ein', 'eine', 'für', 'auf', 'auch', 'dem', 'den', 'von', 'zu', 'sich', 'bei', 'oder'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'pour', 'dans', 'que', 'qui', 'sur', 'pas', 'vous', 'nous', 'avec', 'du', 'au', 'ce', 'sont'],
  es: ['el', 'la', 'los', 'las', 'y', 'que', 'del', 'en', 'para', 'con', 'una', 'por', 'es', 'su', 'se', 'como', 'más', 'nuestro', 'sus', 'al'],
  it: ['il', 'di', 'che', 'e', 'la', 'per', 'un', 'una', 'sono', 'con', 'del', 'della', 'non', 'gli', 'le', 'nel', 'alla', 'anche', 'più', 'dei'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'op', 'te', 'voor', 'met', 'zijn', 'niet', 'ook', 'wij', 'ons', 'onze', 'bij', 'naar', 'uw'],
};

const WORD_LANGS = new Map<string, string[]>();
for (const [lang, words] of Object.entries(STOPWORDS)) {
  for (const word of words) WORD_LANGS.set(word, [...(WORD_LANGS.get(word) ?? []), lang]);
}

/** "de-DE" → "de"; null for junk. */
export function languageFromTag(tag: string | null | undefined): string | null {
  const code = /^\s*([a-z]{2,3})(?:[-_][a-z0-9]+)*\s*$/i.exec(tag ?? '')?.[1]?.toLowerCase();
  return code && code.length === 2 ? code : null;
}

/**
 * A cheap language guess from stopword counts (en, de, fr, es, it, nl): the language whose stopwords make the
 * largest share of the words, if it makes at least 8 % and clearly leads. Null for short or mixed text.
 */
export function guessLanguage(text: string): string | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 20) return null;
  const counts: Record<string, number> = {};
  for (const word of words.slice(0, 5000)) {
    const langs = WORD_LANGS.get(word);
    if (!langs) continue;
    for (const lang of langs) counts[lang] = (counts[lang] ?? 0) + 1 / langs.length;
  }
  const ranked = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first) return null;
  const total = Math.min(words.length, 5000);
  if (first[1] / total < 0.08) return null;
  if (second && second[1] > first[1] * 0.7) return null;
  return first[0];
}

/**
 * The site's language: the `lang` attribute most pages declare (home page counted twice), else a stopword guess
 * from the visible text. Sites often keep a theme's lang="en" on German pages, so a confident guess from enough
 * text that disagrees with the attribute wins.
 */
export function siteLanguage(pages: ParsedPage[]): string | null {
  const votes = new Map<string, number>();
  for (const page of pages) {
    const lang = languageFromTag(page.$('html').attr('lang') ?? page.$('html').attr('xml:lang'));
    if (lang) votes.set(lang, (votes.get(lang) ?? 0) + (page.role === 'home' ? 2 : 1));
  }
  const declared = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const text = pages
    .map((p) =>
      pageText(p)
        .blocks.filter((b) => !b.isChrome && b.linkShare < 0.5)
        .map((b) => b.text)
        .join(' '),
    )
    .join(' ')
    .slice(0, 40_000);
  const guessed = guessLanguage(text);
  if (!declared) return guessed;
  if (guessed && guessed !== declared && (text.match(/\p{L}+/gu)?.length ?? 0) >= 150) return guessed;
  return declared;
}
