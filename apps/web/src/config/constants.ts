/** Product name and tagline, used in titles and the header. */
export const PRODUCT_NAME = 'Argo';
export const PRODUCT_TAGLINE = 'Business Intelligence and Insights';

/** Values the specification fixes: how long answers stay fresh, the notifications, the title's debounce. */
export const QUERY_STALE_TIME_MS = 60 * 60 * 1000;
export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;
export const TITLE_DEBOUNCE_MS = 50;

/** The minimum password length when the identity provider gives none. */
export const MIN_PASSWORD_LENGTH = 6;

/** Base path of every API call (ARCHITECTURE.md). */
export const API_BASE = '/api';

/** Storage keys, as the specification names them. */
export const SESSION_TOKEN_KEY = 'argo-token';
export const TRACKING_IDS_KEY = 'trackingIds';
export const VERSION_KEY = 'argo-version';
