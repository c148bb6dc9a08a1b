/**
 * Matching a labelled technology name to a detected one. The labels follow Wappalyzer's naming "where one exists";
 * a few are written differently from the fingerprint data Argo ships (or group two products): those are listed.
 */
import type { Detection } from '@argo/engine';

/** Label name → detection names that satisfy it. */
const LABEL_ALIASES: Record<string, readonly string[]> = {
  'Adobe Fonts (Typekit)': ['Adobe Fonts', 'Typekit'],
  WPBakery: ['WPBakery', 'wpBakery'],
  'Lightbox/Fancybox': ['Lightbox', 'FancyBox', 'Fancybox'],
  TYPO3: ['TYPO3 CMS', 'TYPO3'],
  'Owl Carousel': ['OWL Carousel', 'Owl Carousel'],
  'Twitter widgets': ['Twitter', 'Twitter widgets'],
  'LinkedIn Insight/Platform': ['Linkedin Insight Tag', 'LinkedIn Insight Tag', 'LinkedIn'],
  'Cloudflare (email protection/rocket)': ['Cloudflare'],
  Mailchimp: ['MailChimp', 'Mailchimp'],
  'YouTube embed': ['YouTube'],
  'Matomo Analytics': ['Matomo Analytics', 'Matomo'],
  'Facebook SDK': ['Facebook SDK', 'Facebook Login', 'Facebook'],
  // The premium edition of the same plugin (its comment says "Yoast SEO Premium plugin").
  'Yoast SEO': ['Yoast SEO', 'Yoast SEO Premium'],
};

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Does a detection named `detected` satisfy the label `label`? */
export function acceptsTechnology(label: string, detected: string): boolean {
  const accepted = LABEL_ALIASES[label] ?? [label];
  return accepted.some((name) => key(name) === key(detected));
}

/** A detection the page itself shows (not only implied by another technology). */
export const detectionProvedByPage = (d: Detection) => d.evidence.some((e) => e.type !== 'implies');
