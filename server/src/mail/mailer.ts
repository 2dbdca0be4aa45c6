/**
 * The mail Mesura sends to the site's visitors (confirmation links, "you have an account
 * already"): through the relay MESURA_SMTP_URL names, or, without one, into `outbox/` under
 * MESURA_DATA_DIR, one .eml file per mail that an operator can open in any mail program. Routes
 * receive a Mailer and post to it; they never wait for the relay, so an answer to a visitor says
 * nothing about what was mailed, and a slow relay slows no answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { TokenBuckets } from '../http/token-buckets.js';
import { MAILS_PER_RECIPIENT_BURST, MAILS_PER_RECIPIENT_PER_HOUR, MAX_TRACKED_MAIL_RECIPIENTS, SMTP_CONNECT_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS } from './mail-limits.js';
import type { SmtpUrl } from './smtp-url.js';

/** Under MESURA_DATA_DIR: where mail goes when no relay is set. */
export const OUTBOX_DIR_NAME = 'outbox';

/** A plain-text mail to one address, with an HTML alternative when `html` is given. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Built by the caller with every value escaped (subscriptions/html-text.ts). */
  html?: string;
}

export interface Mailer {
  /**
   * Hands a mail on in the background and returns at once. A failure, or a recipient past
   * MAILS_PER_RECIPIENT_PER_HOUR, is logged with the recipient's domain only, never the text
   * (it may hold a confirmation link).
   */
  post(mail: Mail): void;
  /** Resolves once every mail posted so far is handed on or has failed. */
  drain(): Promise<void>;
  /** Drains, then closes the relay's connections. */
  close(): Promise<void>;
}

export interface MailerSettings {
  /** MESURA_SMTP_URL, checked (config.ts); undefined: the outbox. */
  smtp: SmtpUrl | undefined;
  dataDir: string;
  /** MESURA_PUBLIC_URL: its host names the sender (no-reply@host). Default localhost. */
  publicUrl: URL | undefined;
}

export interface MailerDeps {
  now: () => number;
  log: FastifyBaseLogger;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

export function createMailer(settings: MailerSettings, { now, log }: MailerDeps): Mailer {
  const from = { name: 'Mesura.cat', address: `no-reply@${settings.publicUrl?.hostname ?? 'localhost'}` };
  const hand = settings.smtp === undefined ? outbox(path.join(settings.dataDir, OUTBOX_DIR_NAME), now, log) : relay(settings.smtp, log);
  const recipients = new TokenBuckets({ ratePerS: MAILS_PER_RECIPIENT_PER_HOUR / 3600, burst: MAILS_PER_RECIPIENT_BURST, maxEntries: MAX_TRACKED_MAIL_RECIPIENTS });
  const pending = new Set<Promise<void>>();
  const drain = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };
  return {
    post(mail) {
      if (!recipients.take(mail.to, now())) {
        log.warn(`mail to an address at ${domainOf(mail.to)} not sent: it had ${MAILS_PER_RECIPIENT_BURST} mails in a row already`);
        return;
      }
      const sending = hand.send({ from, ...mail }).then(
        () => undefined,
        (error: unknown) => log.warn(`mail to an address at ${domainOf(mail.to)} not sent: ${(error as Error).message}`),
      );
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    drain,
    async close() {
      await drain();
      hand.close();
    },
  };
}

interface Hand {
  send(message: Mail & { from: { name: string; address: string } }): Promise<unknown>;
  close(): void;
}

function relay(smtp: SmtpUrl, log: FastifyBaseLogger): Hand {
  const transport = createTransport({
    url: smtp.connectionString,
    connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  log.info(`mail to visitors through ${smtp.display} (MESURA_SMTP_URL)`);
  return { send: (message) => transport.sendMail(message), close: () => transport.close() };
}

function outbox(dir: string, now: () => number, log: FastifyBaseLogger): Hand {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  log.info(`mail to visitors is written to ${dir}, one .eml file each, not sent: set MESURA_SMTP_URL to send it`);
  let sequence = 0;
  return {
    async send(message) {
      // Named before the first await: time and sequence list the folder in posting order; the
      // random part keeps apart the names of two processes sharing it.
      const name = `${new Date(now()).toISOString().replace(/[:.]/g, '-')}-${String(sequence++).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const { message: raw } = await transport.sendMail(message);
      mkdirSync(dir, { recursive: true });
      // Readable by the server's user only: a mail may hold a confirmation link.
      writeFileSync(path.join(dir, name), raw as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
