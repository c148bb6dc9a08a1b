import { MIN_PASSWORD_LENGTH } from '../../config/constants';
import type { PasswordPolicy } from './types';

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: MIN_PASSWORD_LENGTH };

export interface PasswordRule {
  id: string;
  /** Shown before the user submits, ticked once met. */
  label: string;
  isMet(password: string): boolean;
}

/** The rules of a policy, in the order they are listed. */
export function passwordRules(policy: PasswordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = [
    {
      id: 'length',
      label: `At least ${policy.minLength} characters`,
      isMet: (p) => p.length >= policy.minLength,
    },
  ];
  if (policy.requireLowercase)
    rules.push({ id: 'lower', label: 'A lowercase letter', isMet: (p) => /\p{Ll}/u.test(p) });
  if (policy.requireUppercase)
    rules.push({ id: 'upper', label: 'An uppercase letter', isMet: (p) => /\p{Lu}/u.test(p) });
  if (policy.requireNumber) rules.push({ id: 'number', label: 'A number', isMet: (p) => /\d/.test(p) });
  if (policy.requireSymbol) {
    rules.push({ id: 'symbol', label: 'A symbol, such as ! or #', isMet: (p) => /[^\p{L}\p{N}\s]/u.test(p) });
  }
  return rules;
}

/** The first rule a password breaks, as a sentence for the field's error; null when it meets them all. */
export function checkPassword(policy: PasswordPolicy, password: string): string | null {
  if (!password) return 'Choose a password.';
  const broken = passwordRules(policy).find((rule) => !rule.isMet(password));
  if (!broken) return null;
  return broken.id === 'length'
    ? `Use at least ${policy.minLength} characters.`
    : `Add ${broken.label.toLowerCase()}.`;
}
