/**
 * The mail the server under test wrote, unsent, to its data folder's outbox (no MESURA_SMTP_URL:
 * server/src/mail/mailer.ts): how a test follows a sign-up's confirmation link as the visitor would
 * from their mailbox.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const OUTBOX_DIR_NAME = 'outbox';
const WAIT_MS = 10_000;
const POLL_MS = 50;

/** A text mail's body, decoded from quoted-printable (soft line breaks joined, `=XX` bytes read as UTF-8) or base64. */
function decodedBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(raw.slice(0, split))?.[1]?.toLowerCase();
  const body = raw.slice(split + 4);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

/** The bodies of the mails to `address`, oldest first. */
function mailsTo(dataDir: string, address: string): string[] {
  const dir = path.join(dataDir, OUTBOX_DIR_NAME);
  if (!existsSync(dir)) return [];
  const to = new RegExp(`^To: ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'im');
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((raw) => to.test(raw))
    .map(decodedBody);
}

/** The first link of the newest mail to `address`, once one is there. */
export async function mailedLink(dataDir: string, address: string): Promise<string> {
  for (const started = Date.now(); Date.now() - started < WAIT_MS; await new Promise((resolve) => setTimeout(resolve, POLL_MS))) {
    const link = /https?:\/\/\S+/.exec(mailsTo(dataDir, address).at(-1) ?? '')?.[0];
    if (link !== undefined) return link;
  }
  throw new Error(`no mail with a link to ${address} in ${path.join(dataDir, OUTBOX_DIR_NAME)}`);
}
