import { describe, expect, it } from 'vitest';
import {
  AddSuppressionsBody,
  isEmailSuppressed,
  parseSuppression,
  SUPPRESSED_MARK,
  suppressionRule,
} from './privacy';

describe('parseSuppression', () => {
  it('reads addresses and the ways people write a domain', () => {
    expect(parseSuppression(' Anna.Berg@Example.de ')).toEqual({
      kind: 'email',
      value: 'anna.berg@example.de',
    });
    for (const typed of [
      'example.de',
      '@example.de',
      'www.example.de',
      'https://www.example.de/impressum?x=1',
    ]) {
      expect(parseSuppression(typed), typed).toEqual({ kind: 'domain', value: 'example.de' });
    }
    // An internationalised domain is kept in its one compared form, IDNA ASCII, whichever way it was written.
    for (const typed of [
      'Bäckerei-Müller.de',
      'xn--bckerei-mller-bfb28a.de',
      'https://www.bäckerei-müller.de/',
    ]) {
      expect(parseSuppression(typed), typed).toEqual({
        kind: 'domain',
        value: 'xn--bckerei-mller-bfb28a.de',
      });
    }
    expect(parseSuppression('Anna@München.de')).toEqual({ kind: 'email', value: 'anna@xn--mnchen-3ya.de' });
  });

  it('refuses what is neither', () => {
    for (const typed of [
      '',
      'anna',
      'localhost',
      '192.168.0.1',
      'anna@',
      '@',
      'two words.de',
      'a@b@c.de',
      '-x.de',
    ]) {
      expect(parseSuppression(typed), typed).toBeNull();
    }
  });
});

describe('isEmailSuppressed', () => {
  const list = [
    { kind: 'email' as const, value: 'anna@example.de' },
    { kind: 'domain' as const, value: 'sonne.at' },
  ];
  it('matches the exact address and every address at a listed domain or its subdomains', () => {
    expect(isEmailSuppressed('ANNA@example.de', list)).toBe(true);
    expect(isEmailSuppressed('ben@example.de', list)).toBe(false);
    expect(isEmailSuppressed('info@sonne.at', list)).toBe(true);
    expect(isEmailSuppressed('info@mail.sonne.at', list)).toBe(true);
    expect(isEmailSuppressed('info@regensonne.at', list)).toBe(false);
  });

  it('matches both spellings of an internationalised domain, either way round', () => {
    const unicode = [{ kind: 'domain' as const, value: 'münchen.de' }];
    const ascii = [{ kind: 'domain' as const, value: 'xn--bcher-kva.de' }];
    expect(isEmailSuppressed('info@xn--mnchen-3ya.de', unicode)).toBe(true);
    expect(isEmailSuppressed('info@shop.xn--mnchen-3ya.de', unicode)).toBe(true);
    expect(isEmailSuppressed('kontakt@bücher.de', ascii)).toBe(true);
    expect(isEmailSuppressed('kontakt@BÜCHER.DE', ascii)).toBe(true);
    expect(isEmailSuppressed('kontakt@bucher.de', ascii)).toBe(false);
    const address = [{ kind: 'email' as const, value: 'anna@xn--mnchen-3ya.de' }];
    expect(isEmailSuppressed('Anna@München.de', address)).toBe(true);
    expect(isEmailSuppressed('ben@münchen.de', address)).toBe(false);
  });
});

describe('suppressionRule', () => {
  const rule = suppressionRule([
    { kind: 'domain', value: 'xn--mnchen-3ya.de' },
    { kind: 'email', value: 'anna@example.de' },
  ]);

  it('replaces each covered address inside a text, and blanks a cell that held nothing else', () => {
    expect(rule.redact('Owner: Anna <anna@example.de>, office: info@other.de')).toBe(
      `Owner: Anna <${SUPPRESSED_MARK}>, office: info@other.de`,
    );
    expect(rule.redact('"info@münchen.de" / post@xn--mnchen-3ya.de')).toBe(
      `"${SUPPRESSED_MARK}" / ${SUPPRESSED_MARK}`,
    );
    expect(rule.redactCell(' mailto:anna@example.de ')).toBe('');
    expect(rule.redactCell('info@münchen.de; anna@example.de')).toBe('');
    expect(rule.redactCell('Call Anna: anna@example.de')).toBe(`Call Anna: ${SUPPRESSED_MARK}`);
    expect(rule.redactCell('ben@example.de')).toBe('ben@example.de');
    expect(rule.redactCell('no address here')).toBe('no address here');
  });

  it('covers every address of a business whose own domain is listed, in either spelling of it', () => {
    expect(rule.forBusiness('münchen.de').isSuppressed('owner@gmail.com')).toBe(true);
    expect(rule.forBusiness('www.xn--mnchen-3ya.de').coversAll).toBe(true);
    expect(rule.forBusiness('berlin.de').isSuppressed('owner@gmail.com')).toBe(false);
    expect(rule.forBusiness(null).isSuppressed('anna@example.de')).toBe(true);
  });

  it('is inert for an empty list', () => {
    const none = suppressionRule([]);
    expect(none.isInert).toBe(true);
    expect(none.redact('anna@example.de')).toBe('anna@example.de');
  });
});

describe('AddSuppressionsBody', () => {
  it('names the entry that is wrong', () => {
    const parsed = AddSuppressionsBody.safeParse({ values: ['ok@example.de', 'nope'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['values', 1]);
  });
});
