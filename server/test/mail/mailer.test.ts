/**
 * The mailer (mail/mailer.ts): without MESURA_SMTP_URL every mail is a file in the outbox, said
 * once at start; a recipient past its rate gets no more; a bad MESURA_SMTP_URL is one line naming
 * it, without the password.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { MAILS_PER_RECIPIENT_BURST } from '../../src/mail/mail-limits.js';
import { OUTBOX_DIR_NAME, createMailer } from '../../src/mail/mailer.js';
import { outboxMails } from '../helpers/outbox.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A logger that keeps its lines. */
function recordingLog(): FastifyBaseLogger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (line: unknown) => void lines.push(String(line));
  return { lines, info: keep, warn: keep, error: keep, debug: keep, trace: keep, fatal: keep, child: () => recordingLog(), level: 'info', silent: keep } as unknown as FastifyBaseLogger & {
    lines: string[];
  };
}

function outboxMailer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mesura-mail-'));
  dirs.push(dataDir);
  const log = recordingLog();
  const mailer = createMailer({ smtp: undefined, dataDir, publicUrl: new URL('https://mesura.example.cat') }, { now: () => Date.UTC(2026, 2, 1), log });
  return { dataDir, log, mailer };
}

describe('the mailer without MESURA_SMTP_URL', () => {
  it('writes each mail to the outbox as an .eml file only its owner reads, and says so once at start', async () => {
    const { dataDir, log, mailer } = outboxMailer();
    expect(log.lines).toEqual([`mail to visitors is written to ${path.join(dataDir, OUTBOX_DIR_NAME)}, one .eml file each, not sent: set MESURA_SMTP_URL to send it`]);
    mailer.post({ to: 'anna@example.cat', subject: 'Confirmeu el compte', text: 'Obriu aquest enllaç: https://mesura.example.cat/x' });
    mailer.post({ to: 'pau@example.cat', subject: 'Hola', text: 'Bon dia' });
    await mailer.close();
    const mails = outboxMails(dataDir);
    expect(mails.map((mail) => mail.to[0])).toEqual(['anna@example.cat', 'pau@example.cat']);
    expect(mails[0]!.headers.from).toBe('"Mesura.cat" <no-reply@mesura.example.cat>');
    expect(mails[0]!.text).toContain('Obriu aquest enllaç: https://mesura.example.cat/x');
    const [file] = readdirSync(path.join(dataDir, OUTBOX_DIR_NAME));
    expect(statSync(path.join(dataDir, OUTBOX_DIR_NAME, file!)).mode & 0o777).toBe(0o600);
  });

  it('sends one address no more than MAILS_PER_RECIPIENT_BURST mails at once, and logs the rest by domain only', async () => {
    const { dataDir, log, mailer } = outboxMailer();
    for (let i = 0; i <= MAILS_PER_RECIPIENT_BURST; i++) mailer.post({ to: 'anna@example.cat', subject: `${i}`, text: 'secret-link' });
    await mailer.close();
    expect(outboxMails(dataDir)).toHaveLength(MAILS_PER_RECIPIENT_BURST);
    expect(log.lines.at(-1)).toBe(`mail to an address at example.cat not sent: it had ${MAILS_PER_RECIPIENT_BURST} mails in a row already`);
  });
});

describe('MESURA_SMTP_URL', () => {
  const load = (value: string) => loadConfig({ MESURA_SMTP_URL: value }, '/repo');

  it('takes smtp:// and smtps:// addresses, and shows them without the password', () => {
    expect(load('smtp://mesura:s3cret@mail.example.cat:587').smtp).toEqual({ connectionString: 'smtp://mesura:s3cret@mail.example.cat:587', display: 'smtp://mesura@mail.example.cat:587' });
    expect(load('smtps://mail.example.cat').smtp?.display).toBe('smtps://mail.example.cat');
    expect(loadConfig({}, '/repo').smtp).toBeUndefined();
  });

  it('refuses anything else in one line naming it, never repeating the password', () => {
    expect(() => load('http://mesura:s3cret@mail.example.cat')).toThrow(/^MESURA_SMTP_URL must be an smtp:\/\/user:password@host:port or smtps:\/\/… address; its scheme is 'http'$/);
    expect(() => load('no és una adreça')).toThrow(/^MESURA_SMTP_URL must be .*; it is not a URL$/);
    expect(() => load('smtp://mesura:s3cret@')).not.toThrow(/s3cret/);
  });
});
