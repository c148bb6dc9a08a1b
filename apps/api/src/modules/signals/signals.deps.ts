import type { Mailer } from '../email/mailer';

/** What the signals digest job needs to send: the mailer and the address its links point at. */
export interface SignalsJobDeps {
  mailer: Mailer;
  publicUrl: string;
}
