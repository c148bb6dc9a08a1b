/**
 * A person's name as a CRM import wants it: first name and last name apart. The last name is the last word, or
 * the words from a family-name particle on ("Karl von der Heide" → "Karl" / "von der Heide", "Jan de Vries" →
 * "Jan" / "de Vries"); a single word is a first name. Names come from the people analyzer without salutations
 * or academic titles.
 */
const PARTICLES = new Set([
  'von',
  'van',
  'vom',
  'zu',
  'zum',
  'zur',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'des',
  'dos',
  'das',
  'le',
  'la',
  'ten',
  'ter',
  'af',
  'av',
  'bin',
  'al',
]);

export function splitPersonName(name: string): [first: string, last: string] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return [words[0] ?? '', ''];
  // The first particle after the first word starts the family name ("Maria de la Cruz" → "de la Cruz").
  const particle = words.findIndex(
    (word, i) => i > 0 && i < words.length - 1 && PARTICLES.has(word.toLowerCase()),
  );
  const split = particle > 0 ? particle : words.length - 1;
  return [words.slice(0, split).join(' '), words.slice(split).join(' ')];
}
