/**
 * What a technology means to a salesperson: software the business chose and pays for — a
 * shop system, booking, CRM, marketing, payments, analytics, chat, a website builder — against infrastructure
 * and inferences: languages, databases, servers, CDNs, JavaScript libraries, fonts, Open Graph, RSS, PWA, HSTS.
 * Decided by Wappalyzer category ids (categories.json of the fingerprint data):
 *
 * - a technology with any BUSINESS category is business software (Yoast SEO is SEO + WordPress plugin);
 * - else one with any INFRASTRUCTURE category is infrastructure (WP Rocket is caching + WordPress plugin);
 * - else one whose categories are all ADD_ON (a WordPress plugin or Shopify app and nothing more specific:
 *   Jetpack, Akismet) is business software: an add-on someone installed on purpose;
 * - anything else (Miscellaneous: Open Graph, RSS, PWA, Webpack) is infrastructure;
 * - a technology only implied by another (WordPress → PHP, MySQL) is an inference: infrastructure.
 */
import type { DetectionGroup } from './types';

// biome-ignore format: one table
export const BUSINESS_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'CMS', 2: 'Message boards', 4: 'Documentation', 5: 'Widgets', 6: 'Ecommerce', 7: 'Photo galleries',
  8: 'Wikis', 10: 'Analytics', 11: 'Blogs', 13: 'Issue trackers', 14: 'Video players', 15: 'Comment systems',
  21: 'LMS', 29: 'Search engines', 30: 'Webmail', 32: 'Marketing automation', 36: 'Advertising',
  41: 'Payment processors', 42: 'Tag managers', 50: 'DMS', 51: 'Page builders', 52: 'Live chat', 53: 'CRM',
  54: 'SEO', 55: 'Accounting', 58: 'User onboarding', 67: 'Cookie compliance', 68: 'Accessibility',
  69: 'Authentication', 71: 'Affiliate programs', 72: 'Appointment scheduling', 73: 'Surveys',
  74: 'A/B Testing', 75: 'Email', 76: 'Personalisation', 77: 'Retargeting', 78: 'RUM', 80: 'WordPress themes',
  81: 'Shopify themes', 82: 'Drupal themes', 84: 'Loyalty & rewards', 85: 'Feature management',
  86: 'Segmentation', 89: 'Translation', 90: 'Reviews', 91: 'Buy now pay later',
  93: 'Reservations & delivery', 94: 'Referral marketing', 95: 'Digital asset management',
  96: 'Content curation', 97: 'Customer data platform', 98: 'Cart abandonment', 99: 'Shipping carriers',
  101: 'Recruitment & staffing', 102: 'Returns', 103: 'Livestreaming', 104: 'Ticket booking',
  105: 'Augmented reality', 106: 'Cross border ecommerce', 107: 'Fulfilment', 108: 'Ecommerce frontends',
  110: 'Form builders', 111: 'Fundraising & donations', 112: 'Artificial Intelligence',
};

// biome-ignore format: one table
export const INFRASTRUCTURE_CATEGORIES: Readonly<Record<number, string>> = {
  3: 'Database managers', 9: 'Hosting panels', 12: 'JavaScript frameworks', 16: 'Security', 17: 'Font scripts',
  18: 'Web frameworks', 20: 'Editors', 22: 'Web servers', 23: 'Caching', 24: 'Rich text editors',
  25: 'JavaScript graphics', 26: 'Mobile frameworks', 27: 'Programming languages', 28: 'Operating systems',
  31: 'CDN', 33: 'Web server extensions', 34: 'Databases', 35: 'Maps', 37: 'Network devices', 38: 'Media servers',
  39: 'Webcams', 44: 'CI', 45: 'Control systems', 46: 'Remote access', 47: 'Development', 48: 'Network storage',
  49: 'Feed readers', 56: 'Cryptominers', 57: 'Static site generator', 59: 'JavaScript libraries',
  60: 'Containers', 62: 'PaaS', 63: 'IaaS', 64: 'Reverse proxies', 65: 'Load balancers', 66: 'UI frameworks',
  70: 'SSL/TLS certificate authorities', 79: 'Geolocation', 83: 'Browser fingerprinting', 88: 'Hosting',
  92: 'Performance', 109: 'Domain parking',
};

/** Add-ons of a platform: they say only that someone installed them. */
export const ADD_ON_CATEGORIES: Readonly<Record<number, string>> = {
  87: 'WordPress plugins',
  100: 'Shopify apps',
};

/**
 * Technologies whose category misleads: "Cart Functionality" (Ecommerce) is an inference from a cart icon's
 * class name, not a product anyone bought.
 */
const INFERENCES = new Set(['Cart Functionality']);

export function groupOf(name: string, categories: readonly number[], impliedOnly = false): DetectionGroup {
  if (impliedOnly || INFERENCES.has(name)) return 'infrastructure';
  if (categories.some((id) => id in BUSINESS_CATEGORIES)) return 'business';
  if (categories.some((id) => id in INFRASTRUCTURE_CATEGORIES)) return 'infrastructure';
  if (categories.length > 0 && categories.every((id) => id in ADD_ON_CATEGORIES)) return 'business';
  return 'infrastructure';
}
