import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { readEmails } from '../../../test/outbox';
import { startSmtpServer } from '../../../test/smtp-server';
import { loadConfig } from '../../config/env';
import { createMailer, type MailLog } from './mailer';
import {
  confirmSignUpEmail,
  existingAccountSignUpEmail,
  invitationEmail,
  mfaCodeEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from './templates';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

function recordingLog() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  const log: MailLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { log, lines };
}

const message = { to: 'Ada@Example.test', subject: 'Argo: hello', text: 'Hello from Argo\n', reason: 'test' };

describe('without SMTP_URL', () => {
  it('logs the message with its text and keeps it in the dev outbox', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ config: loadConfig({ DATABASE_URL: db.url }), db: db.db, log });
    expect(mailer.transport).toBe('outbox');
    await mailer.send(message);
    expect(lines).toEqual([
      {
        level: 'info',
        obj: { to: message.to, subject: message.subject, reason: 'test', text: message.text },
        msg: expect.stringMatching(/dev outbox/),
      },
    ]);
    const [row] = await readEmails(db.db, 'ada@example.test');
    expect(row).toMatchObject({
      to: 'ada@example.test',
      subject: 'Argo: hello',
      text: 'Hello from Argo\n',
      reason: 'test',
    });
  });
});

describe('with SMTP_URL', () => {
  it('sends through the SMTP server, from EMAIL_FROM, and writes no outbox row', async () => {
    const smtp = await startSmtpServer();
    try {
      const { log } = recordingLog();
      const config = loadConfig({
        DATABASE_URL: db.url,
        SMTP_URL: smtp.url,
        EMAIL_FROM: 'Argo <argo@example.test>',
      });
      const mailer = createMailer({ config, db: db.db, log });
      expect(mailer.transport).toBe('smtp');
      await mailer.send({ ...message, to: 'grace@example.test' });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ from: 'argo@example.test', to: ['grace@example.test'] });
      expect(mail?.data).toMatch(/^Subject: Argo: hello$/m);
      expect(mail?.data).toContain('Hello from Argo');
      expect(await readEmails(db.db, 'grace@example.test')).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('send() fails when the server refuses; sendSoon() logs the failure instead of failing the request', async () => {
    const smtp = await startSmtpServer({ refuse: /nobody/ });
    try {
      const { log, lines } = recordingLog();
      const mailer = createMailer({
        config: loadConfig({ DATABASE_URL: db.url, SMTP_URL: smtp.url }),
        db: db.db,
        log,
      });
      await expect(mailer.send({ ...message, to: 'nobody@example.test' })).rejects.toThrow();
      await mailer.sendSoon({ ...message, to: 'nobody@example.test' });
      await expect.poll(() => lines.filter((l) => l.level === 'error').length).toBe(1);
      expect(lines.find((l) => l.level === 'error')?.msg).toBe('email could not be sent');
    } finally {
      await smtp.close();
    }
  });
});

describe('templates', () => {
  const publicUrl = 'https://argo.example';
  const all = [
    confirmSignUpEmail({ publicUrl, email: 'a+b@example.test', code: '123456', minutes: 10 }),
    passwordResetEmail({ publicUrl, email: 'a@example.test', code: '654321', minutes: 10 }),
    mfaCodeEmail({ code: '111222', minutes: 3 }),
    invitationEmail({
      publicUrl,
      email: 'new@example.test',
      accountName: 'Acme',
      invitedBy: 'Ada (ada@example.test)',
      temporaryPassword: 'Temp0raryPassw0rd',
    }),
    existingAccountSignUpEmail({ publicUrl }),
    passwordChangedEmail({ publicUrl }),
  ];

  it('are plain text, branded Argo, and each says why it was sent', () => {
    for (const email of all) {
      expect(email.subject).toMatch(/^Argo: /);
      expect(email.text).toMatch(/— Argo/);
      expect(email.text).toMatch(/You are receiving this because /);
      expect(email.text).not.toMatch(/<[a-z]+[ >]/i);
      expect(email.reason).toMatch(/^[a-z-]+$/);
    }
    expect(new Set(all.map((e) => e.reason)).size).toBe(all.length);
  });

  it('link to the screens that use them, with the address encoded', () => {
    expect(all[0]?.text).toContain(
      'https://argo.example/confirmation/?email=a%2Bb%40example.test&code=123456',
    );
    expect(all[1]?.text).toContain('https://argo.example/confirmation/password?email=a%40example.test');
    expect(all[3]?.text).toContain('https://argo.example/login');
    expect(all[3]?.text).toContain('temporary password: Temp0raryPassw0rd');
  });
});
