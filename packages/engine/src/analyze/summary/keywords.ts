import type { ParsedPage } from '../../crawl/page';
import { collapseSpaces } from '../../normalize/text';
import { pageHead, pageText } from './page-text';

const MAX_KEYWORDS = 20;

// biome-ignore format: a word list
const STOPWORDS = new Set([
  // en
  'about', 'above', 'after', 'again', 'also', 'always', 'another', 'because', 'been', 'before', 'being', 'both', 'could', 'does', 'each', 'even', 'every', 'first', 'from', 'have', 'here', 'into', 'just', 'like', 'made', 'make', 'many', 'more', 'most', 'much', 'must', 'need', 'only', 'other', 'over', 'same', 'should', 'some', 'such', 'than', 'that', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'under', 'very', 'want', 'well', 'were', 'what', 'when', 'where', 'which', 'while', 'will', 'with', 'would', 'your', 'yours', 'ours', 'year', 'years', 'today', 'news', 'read', 'click', 'learn', 'home', 'page', 'menu', 'search', 'login', 'privacy', 'policy', 'cookie', 'cookies', 'terms', 'contact', 'copyright', 'rights', 'reserved', 'back', 'next', 'previous', 'share', 'follow', 'email',
  // de
  'aber', 'alle', 'allem', 'allen', 'aller', 'alles', 'als', 'also', 'andere', 'anderen', 'auch', 'auf', 'aus', 'bei', 'beim', 'bereits', 'bin', 'bis', 'bitte', 'dabei', 'damit', 'dann', 'darum', 'dass', 'dein', 'deine', 'dem', 'den', 'denn', 'der', 'des', 'dessen', 'dich', 'die', 'dies', 'diese', 'diesem', 'diesen', 'dieser', 'dieses', 'doch', 'dort', 'durch', 'eine', 'einem', 'einen', 'einer', 'eines', 'einfach', 'einige', 'etwa', 'etwas', 'euch', 'ganz', 'gibt', 'haben', 'hat', 'hatte', 'hier', 'ihre', 'ihrem', 'ihren', 'ihrer', 'ihnen', 'immer', 'jede', 'jeder', 'jedoch', 'jetzt', 'kann', 'kein', 'keine', 'können', 'machen', 'mehr', 'mein', 'meine', 'meinen', 'mich', 'mit', 'muss', 'müssen', 'nach', 'neue', 'neuen', 'nicht', 'noch', 'nur', 'oder', 'ohne', 'schon', 'sehr', 'sein', 'seine', 'seiner', 'seit', 'sich', 'sie', 'sind', 'sodass', 'sollte', 'sowie', 'unter', 'uns', 'unser', 'unsere', 'unseren', 'unserer', 'viel', 'viele', 'vom', 'von', 'vor', 'war', 'waren', 'was', 'weil', 'weiter', 'weitere', 'welche', 'wenn', 'werden', 'wie', 'wieder', 'wird', 'wir', 'wurde', 'wurden', 'zum', 'zur', 'zwischen', 'über', 'weiterlesen', 'impressum', 'datenschutz', 'datenschutzerklärung', 'kontakt', 'startseite', 'mehr', 'hier', 'januar', 'februar', 'märz', 'april', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember', 'uhr',
  // fr, es, it, nl (the longer frequent words)
  'avec', 'dans', 'elle', 'nous', 'pour', 'sont', 'vous', 'votre', 'notre', 'cette', 'plus', 'comme', 'mais', 'tout', 'tous', 'para', 'como', 'este', 'esta', 'pero', 'sobre', 'todo', 'todos', 'nuestro', 'nuestra', 'anche', 'come', 'della', 'delle', 'nella', 'sono', 'questo', 'questa', 'tutti', 'voor', 'niet', 'zijn', 'onze', 'deze', 'door', 'maar', 'naar', 'ook', 'worden',
]);

/**
 * Salient words of a site for ICP keyword matching: meta keywords, then words weighted by where they stand
 * (title and meta description 3, headings 2, main text 1), stopwords and page furniture left out. Lower case,
 * most salient first.
 */
export function extractKeywords(pages: ParsedPage[]): string[] {
  const scores = new Map<string, number>();
  const add = (text: string | null, weight: number) => {
    if (!text) return;
    for (const word of text.toLowerCase().match(/\p{L}[\p{L}\p{N}&-]*\p{L}/gu) ?? []) {
      if (word.length < 4 || word.length > 40 || STOPWORDS.has(word)) continue;
      scores.set(word, (scores.get(word) ?? 0) + weight);
    }
  };
  const metaKeywords: string[] = [];
  for (const page of pages) {
    const head = pageHead(page);
    add(head.title, 3);
    add(head.description, 3);
    const meta = page.$('meta[name="keywords" i]').attr('content');
    if (meta) {
      for (const k of meta.split(/[,;]/)) {
        const keyword = collapseSpaces(k).toLowerCase();
        if (keyword.length >= 3 && keyword.length <= 40) metaKeywords.push(keyword);
      }
    }
    for (const block of pageText(page).blocks) {
      if (block.isChrome || block.linkShare > 0.6) continue;
      add(block.text, /^h[1-3]$/.test(block.tag) ? 2 : 1);
    }
  }
  const ranked = [...scores]
    .filter(([, score]) => score >= 3)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [...new Set([...metaKeywords.slice(0, 10), ...ranked.map(([word]) => word)])].slice(0, MAX_KEYWORDS);
}
