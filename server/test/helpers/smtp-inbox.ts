/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every mail it receives, for
 * tests that follow a mail from the HTTP answer to the mailbox: start it, point MESURA_SMTP_URL at
 * `url`, then wait for a recipient's mail.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-case. */
  to: string[];
  /** Header lines, unfolded; names lower-case. */
  headers: Record<string, string>;
  /** The text part, quoted-printable decoded. */
  text: string;
  /** The HTML part of a multipart/alternative mail, decoded. */
  html?: string;
}

export interface SmtpInbox {
  /** smtp://user:password@127.0.0.1:port: what MESURA_SMTP_URL names. */
  url: string;
  mails: ReceivedMail[];
  /** The mails to `address`, once there are `count` of them. */
  waitFor(address: string, count?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const WAIT_MS = 5000;
const POLL_MS = 20;
const USER = 'mesura';
const PASSWORD = 'secret-smtp-password';

/** Quoted-printable to text: soft line breaks joined, `=XX` bytes read as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A message as nodemailer writes a text-only mail, or a text and HTML one (multipart/alternative: its parts read alike). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(head.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = raw.slice(split + 4);
  const boundary = /multipart\/alternative;\s*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary !== undefined) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => parseMail(part.replace(/^\r\n/, ''), to));
    const html = parts.find((part) => part.headers['content-type']?.startsWith('text/html'))?.text;
    const text = parts.find((part) => part.headers['content-type']?.startsWith('text/plain'))?.text ?? '';
    return { to, headers, text, ...(html !== undefined && { html }) };
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, headers, text };
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Loopback only: no TLS, but a password, as a relay asks for one.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('wrong user or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ),
        );
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    mails,
    async waitFor(address, count = 1) {
      const mine = () => mails.filter((mail) => mail.to.includes(address.toLowerCase()));
      for (const started = Date.now(); mine().length < count; ) {
        if (Date.now() - started > WAIT_MS) throw new Error(`${count} mail(s) to ${address} expected, ${mine().length} received`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return mine();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first https?:// link of a mail's text. */
export function linkIn(mail: ReceivedMail): URL | undefined {
  const match = /https?:\/\/\S+/.exec(mail.text);
  return match ? new URL(match[0]) : undefined;
}
