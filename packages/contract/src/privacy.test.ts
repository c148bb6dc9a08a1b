import { describe, expect, it } from 'vitest';
import { AddSuppressionsBody, isEmailSuppressed, parseSuppression } from './privacy';

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
    expect(parseSuppression('Bäckerei-Müller.de')).toEqual({
      kind: 'domain',
      value: 'bäckerei-müller.de',
    });
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
});

describe('AddSuppressionsBody', () => {
  it('names the entry that is wrong', () => {
    const parsed = AddSuppressionsBody.safeParse({ values: ['ok@example.de', 'nope'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['values', 1]);
  });
});
