/**
 * Every email Argo sends: plain text, branded "Argo", each saying why it was sent. One file, so wording stays
 * consistent. `publicUrl` is PUBLIC_URL without a trailing slash.
 */
interface EmailContent {
  subject: string;
  text: string;
  reason: string;
}

const SIGNATURE = '— Argo · Business Intelligence and Insights';

function compose(lines: Array<string | false | null | undefined>): string {
  return `${lines.filter((l) => l !== false && l !== null && l !== undefined).join('\n')}\n`;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Sign-up confirmation code (emailOTP "email-verification"); the link confirms by itself. */
export function confirmSignUpEmail(p: { publicUrl: string; email: string; code: string; minutes: number }) {
  const link = `${p.publicUrl}/confirmation/?${query({ email: p.email, code: p.code })}`;
  return {
    reason: 'confirm-sign-up',
    subject: `Argo: your confirmation code is ${p.code}`,
    text: compose([
      'Hello,',
      '',
      `Your Argo confirmation code is: ${p.code}`,
      '',
      'Enter it on the confirmation page, or open this link to confirm your email at once:',
      link,
      '',
      `The code works once and expires in ${p.minutes} minutes.`,
      '',
      'You are receiving this because someone registered with this address at Argo. If it was not you, ignore this',
      'email: the account is not used until the address is confirmed.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/** Password reset code (emailOTP "forget-password"). */
export function passwordResetEmail(p: { publicUrl: string; email: string; code: string; minutes: number }) {
  const link = `${p.publicUrl}/confirmation/password?${query({ email: p.email })}`;
  return {
    reason: 'password-reset',
    subject: `Argo: your password reset code is ${p.code}`,
    text: compose([
      'Hello,',
      '',
      `Your Argo password reset code is: ${p.code}`,
      '',
      'Enter it with your new password here:',
      link,
      '',
      `The code works once and expires in ${p.minutes} minutes.`,
      '',
      'You are receiving this because someone asked to reset the password of the Argo account with this address.',
      'If it was not you, ignore this email: your password stays as it is.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/** The second sign-in step by email (twoFactor OTP). */
export function mfaCodeEmail(p: { code: string; minutes: number }) {
  return {
    reason: 'mfa-code',
    subject: `Argo: your sign-in code is ${p.code}`,
    text: compose([
      'Hello,',
      '',
      `Your Argo sign-in code is: ${p.code}`,
      '',
      `Enter it on the sign-in screen. It works once and expires in ${p.minutes} minutes.`,
      '',
      'You are receiving this because someone signed in to your Argo account with your password and Argo asks for',
      'a second step. If it was not you, change your password now: someone knows it.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/** An admin invited this address; with a temporary password when Argo created the sign-in for them. */
export function invitationEmail(p: {
  publicUrl: string;
  email: string;
  accountName: string;
  invitedBy: string;
  temporaryPassword: string | null;
}) {
  const login = `${p.publicUrl}/login`;
  return {
    reason: 'invitation',
    subject: `Argo: ${p.invitedBy} invited you to ${p.accountName}`,
    text: compose([
      'Hello,',
      '',
      `${p.invitedBy} invited you to join ${p.accountName} on Argo.`,
      '',
      ...(p.temporaryPassword
        ? [
            `Sign in at ${login} with`,
            `  email:              ${p.email}`,
            `  temporary password: ${p.temporaryPassword}`,
            '',
            'You will then choose your own password. The temporary one works only until you do.',
          ]
        : [
            `You already have an Argo sign-in with this address: sign in at ${login} with your own password`,
            `(forgot it? ${p.publicUrl}/password/reset), then accept or decline the invitation there. Nothing`,
            'changes until you do.',
          ]),
      '',
      `You are receiving this because an admin of ${p.accountName} invited this address to Argo. If you do not`,
      'expect it, ignore this email.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/**
 * An admin invited an address whose owner already joined another organisation: the admin's
 * answer looks the same as for any address, and the owner hears it here instead. One sign-in belongs to one
 * organisation, so nothing changed for them.
 */
export function invitationToMemberEmail(p: { publicUrl: string; accountName: string; invitedBy: string }) {
  return {
    reason: 'invitation-member-elsewhere',
    subject: `Argo: ${p.invitedBy} invited you to ${p.accountName}`,
    text: compose([
      'Hello,',
      '',
      `${p.invitedBy} invited you to join ${p.accountName} on Argo.`,
      '',
      'Your Argo sign-in with this address already belongs to another organisation, and one sign-in belongs to one',
      'organisation, so nothing changed. To join, ask them to invite another address of yours. If you leave your',
      `organisation, the invitation waits for you when you sign in at ${p.publicUrl}/login.`,
      '',
      `You are receiving this because an admin of ${p.accountName} invited this address to Argo. If you do not`,
      'expect it, ignore this email.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/** Sign-up with an address that already has an account: the answer looks the same, the owner gets this instead. */
export function existingAccountSignUpEmail(p: { publicUrl: string }) {
  return {
    reason: 'sign-up-existing-account',
    subject: 'Argo: someone tried to register with your email',
    text: compose([
      'Hello,',
      '',
      'Someone tried to register at Argo with this email address, which already has an Argo account.',
      '',
      `If it was you: sign in at ${p.publicUrl}/login, or set a new password at ${p.publicUrl}/password/reset.`,
      'If it was not you: nothing changed and you can ignore this email.',
      '',
      'You are receiving this because someone registered with this address at Argo.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/** After a password change or reset. */
export function passwordChangedEmail(p: { publicUrl: string }) {
  return {
    reason: 'password-changed',
    subject: 'Argo: your password was changed',
    text: compose([
      'Hello,',
      '',
      'The password of your Argo account was just changed.',
      '',
      `If it was not you, set a new one at once at ${p.publicUrl}/password/reset and tell an admin of your account.`,
      '',
      'You are receiving this because the password of the Argo account with this address changed.',
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}

/** The signals digest: what changed at the businesses of the user's sessions since the last one (signals module). */
export function signalsDigestEmail(p: {
  publicUrl: string;
  period: 'daily' | 'weekly';
  total: number;
  lines: string[];
}) {
  const shown = p.lines.length;
  return {
    reason: 'signals-digest',
    subject: `Argo: ${p.total} ${p.total === 1 ? 'change' : 'changes'} at your businesses`,
    text: compose([
      'Hello,',
      '',
      `Since your last ${p.period === 'daily' ? 'daily' : 'weekly'} digest, Argo saw these changes on the websites of your sessions' businesses:`,
      '',
      ...p.lines.map((line) => `- ${line}`),
      p.total > shown && `… and ${p.total - shown} more.`,
      '',
      `See them all: ${p.publicUrl}/signals`,
      '',
      `You are receiving this because you chose a ${p.period} digest of signals. Turn it off on ${p.publicUrl}/signals.`,
      '',
      SIGNATURE,
    ]),
  } satisfies EmailContent;
}
