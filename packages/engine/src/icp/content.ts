/**
 * Outreach content (icp/generate_content): a cold email, a LinkedIn note and a call opener for one
 * business or one profile, grounded only in stored facts. Every fact the text uses becomes a claim naming the
 * field it came from and, where there is one, the page it was read on.
 *
 * What the texts say is what a salesperson would send unedited:
 * - to the named decision-maker when the site names one ("Hi Anna,"); a team greeting only when no one is known;
 * - in plain sentences, only what matters to the offer: what the business does and where, that it is hiring,
 *   and the business tools relevant to the venture (business-tools.ts) — never how its website is built
 *   (WordPress, a theme, a plugin, a cookie banner, analytics);
 * - a cold email under EMAIL_WORD_LIMIT words with one ask, signed by the person sending it (their name and
 *   title, and the venture).
 *
 * This module is the built-in writer: it composes the sentences of content-subject.ts, which gathers the facts.
 * A configured model writes freer text from the same numbered facts and must cite a fact for every claim
 * (content-model.ts); an answer citing a fact that does not exist is rejected and the built-in text is used
 * instead.
 */
import type { Claim, ContentItem, ContentKind } from '@argo/contract';
import { type ContentSubject, claimOf, type Line } from './content-subject';
import { lowerFirst, pitchSentence } from './wording';

export { modelContent } from './content-model';
export { businessSubject, type ContentSubject, profileSubject } from './content-subject';

/** A cold email's body stays under this many words (greeting and signature included). */
export const EMAIL_WORD_LIMIT = 120;

/** A short subject line: at most this many characters. */
const SUBJECT_MAX = 60;

/** "Quick question for <name>", the name cut at a word when the line would be longer than SUBJECT_MAX. */
function subjectLine(subject: ContentSubject): string {
  if (subject.kind === 'profile') return `Quick question, ${subject.greeting}`;
  const lead = 'Quick question for ';
  const room = SUBJECT_MAX - lead.length;
  if (subject.audience.length <= room) return `${lead}${subject.audience}`;
  const cut = subject.audience.slice(0, room - 1);
  const atWord = cut.lastIndexOf(' ') > room / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  // Its trailing punctuation goes (a loop: a pattern anchored at the end would retry at every character).
  let end = atWord.length;
  while (end > 0 && ' ,;:.-'.includes(atWord.charAt(end - 1))) end--;
  return `${lead}${atWord.slice(0, end)}…`;
}

/** Words as a reader counts them: runs of letters or digits (a name's "&" or "—" is no word). */
export function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? []).length;
}

/** The signature: the sender's name, their title and the venture; the venture alone when no name is known. */
function signature(subject: ContentSubject): string[] {
  const { sender } = subject;
  const named = sender.named !== false;
  const person = sender.person;
  if (person) {
    const role = [person.title, named ? sender.name : null].filter(Boolean).join(', ');
    return [person.name, ...(role ? [role] : [])];
  }
  return named ? [sender.name] : [];
}

/** The pitch as one sentence, or its first sentence when the whole is too long for the email. */
function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end > 0 ? text.slice(0, end + 1) : text;
}

/**
 * The built-in writer: the subject's sentences, each stating its facts and recorded as their claims. Stored
 * values are fitted into the sentences (wording.ts): several places as "Frisco and Richardson", the value
 * proposition as a sentence naming the venture, never a lower-case "I".
 */
export function builtinContent(subject: ContentSubject, kinds: readonly ContentKind[]): ContentItem[] {
  const { sender, recipient } = subject;
  const named = sender.named !== false;
  const to = recipient?.person;
  const lead = subject.lines.find((l) => l.role === 'lead');
  const pitch = sender.pitch ? pitchSentence(sender.name, sender.pitch) : '';
  const intro = pitch
    ? pitch
    : named
      ? `I'm with ${sender.name}, and we work with businesses like yours.`
      : "I'd be glad to show you what we do for businesses like yours.";
  const pitchClaim = (text: string): Claim[] =>
    text && sender.pitchField
      ? [{ text, field: sender.pitchField, business_id: null, source_url: null }]
      : [];
  const claimsOf = (lines: readonly Line[], text = (l: Line) => l.text) =>
    lines.flatMap((l) => l.facts.map((f) => claimOf(f, text(l))));
  const ask = 'Would a 15-minute call next week be useful?';
  const self = sender.person?.name;

  return kinds.map((kind): ContentItem => {
    switch (kind) {
      case 'cold_email': {
        // The fewest words first goes: tools, then hiring, then why this person; then the pitch's first sentence.
        const dropOrder: Line['role'][] = ['example', 'tools', 'hiring', 'addressed'];
        let lines = [...subject.lines];
        let said = intro;
        const compose = () =>
          [
            `Hi ${subject.greeting},`,
            '',
            lines.map((l) => l.text).join(' '),
            '',
            said,
            ask,
            '',
            'Best regards,',
            ...signature(subject),
          ].join('\n');
        let body = compose();
        for (const role of dropOrder) {
          if (wordCount(body) < EMAIL_WORD_LIMIT) break;
          lines = lines.filter((l) => l.role !== role);
          body = compose();
        }
        if (wordCount(body) >= EMAIL_WORD_LIMIT && pitch) {
          said = firstSentence(pitch);
          body = compose();
          if (wordCount(body) >= EMAIL_WORD_LIMIT) {
            said = named ? `I'm with ${sender.name}.` : '';
            body = compose();
          }
        }
        return {
          kind,
          subject: subjectLine(subject),
          body,
          claims: [...claimsOf(lines), ...(said && pitch.startsWith(said) ? pitchClaim(said) : [])],
        };
      }
      case 'linkedin_note': {
        const opening = lead ? lead.text : `I came across ${subject.audience}.`;
        const line = `Hi ${subject.greeting} — ${lowerFirst(opening)}`;
        const claims = [
          ...(lead ? claimsOf([lead], () => line) : []),
          ...(recipient ? [claimOf(recipient.fact, line)] : []),
        ];
        const close = self
          ? `I'm ${self}${named ? ` from ${sender.name}` : ''} and would be glad to connect.`
          : named
            ? `I'm with ${sender.name} and would be glad to connect.`
            : 'Happy to connect.';
        // LinkedIn connection notes allow 300 characters: the value proposition when it fits.
        const withPitch = pitch ? `${line} ${pitch} Happy to connect.` : '';
        if (withPitch && withPitch.length <= 300) {
          return { kind, subject: null, body: withPitch, claims: [...claims, ...pitchClaim(pitch)] };
        }
        const body = `${line} ${close}`;
        return {
          kind,
          subject: null,
          body: body.length <= 300 ? body : `${line.slice(0, 297)}…`,
          claims,
        };
      }
      default: {
        const reason = lead
          ? lowerFirst(lead.text.replace(/\.$/, ''))
          : `I was looking at ${subject.audience}`;
        const askFor = to
          ? ` May I speak with ${to.name}${to.role ? `, the ${lowerFirst(to.role)}` : ''}?`
          : '';
        const me = self ? `this is ${self}` : 'this is …';
        const from = named ? ` from ${sender.name}` : '';
        const line = `Hi, ${me}${from}.${askFor} I'm calling because ${reason}. Do you have two minutes?`;
        return {
          kind,
          subject: null,
          body: line,
          claims: [
            ...(lead ? claimsOf([lead], () => line) : []),
            ...(recipient ? [claimOf(recipient.fact, line)] : []),
          ],
        };
      }
    }
  });
}
