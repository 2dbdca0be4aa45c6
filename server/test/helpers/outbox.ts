/**
 * The mail a test server wrote to its outbox (no MESURA_SMTP_URL: mail/mailer.ts), and a visitor
 * account signed up and confirmed through it, for tests about what comes after the sign-up.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { OUTBOX_DIR_NAME } from '../../src/mail/mailer.js';
import { linkIn, parseMail, type ReceivedMail } from './smtp-inbox.js';

const WAIT_MS = 5000;
const POLL_MS = 20;

/** Every mail in the outbox under `dataDir`, oldest first. */
export function outboxMails(dataDir: string): ReceivedMail[] {
  const dir = path.join(dataDir, OUTBOX_DIR_NAME);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(dir, name), 'utf8');
      const mail = parseMail(raw, []);
      return { ...mail, to: [mail.headers.to!.toLowerCase()] };
    });
}

/** The mails to `address`, once there are `count` of them. */
export async function outboxMailsTo(dataDir: string, address: string, count = 1): Promise<ReceivedMail[]> {
  const mine = () => outboxMails(dataDir).filter((mail) => mail.to.includes(address.toLowerCase()));
  for (const started = Date.now(); mine().length < count; ) {
    if (Date.now() - started > WAIT_MS) throw new Error(`${count} mail(s) to ${address} expected in the outbox, ${mine().length} there`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return mine();
}

/** Signs a visitor up from `origin` and follows the link mailed to them: the account can sign in. */
export async function signUpConfirmed(app: FastifyInstance, dataDir: string, visitor: { email: string; name: string; password: string }, origin: string): Promise<void> {
  const before = outboxMails(dataDir).filter((mail) => mail.to.includes(visitor.email.toLowerCase())).length;
  const signedUp = await app.inject({ method: 'POST', url: '/api/visitor/accounts', headers: { origin }, payload: visitor });
  expect(signedUp.statusCode, signedUp.body).toBe(202);
  const link = linkIn((await outboxMailsTo(dataDir, visitor.email, before + 1))[before]!)!;
  const confirmed = await app.inject({ url: link.pathname + link.search });
  expect(confirmed.headers.location).toBe('/entrar/?compte=confirmat');
}
