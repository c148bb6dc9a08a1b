/** Product name and tagline, used in titles and the header (SPEC §1). */
export const PRODUCT_NAME = 'Argo';
export const PRODUCT_TAGLINE = 'Business Intelligence and Insights';

/** SPEC §9 constants. */
export const QUERY_STALE_TIME_MS = 60 * 60 * 1000;
export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;
export const TITLE_DEBOUNCE_MS = 50;

/** SPEC §5: the minimum password length when the identity provider gives none. */
export const MIN_PASSWORD_LENGTH = 6;

/** Base path of every API call (ARCHITECTURE.md). */
export const API_BASE = '/api';

/** Storage keys (SPEC §3). */
export const SESSION_TOKEN_KEY = 'argo-token';
export const TRACKING_IDS_KEY = 'trackingIds';
export const VERSION_KEY = 'argo-version';
