/**
 * MESURA_SMTP_URL: the relay that sends visitors' mail, checked once at start. A refusal is one
 * line that never repeats the password (it would land in the log).
 */
import { parseServiceUrl } from '../service-url.js';

/** A checked smtp:// or smtps:// address and the same address without its password, for logs. */
export interface SmtpUrl {
  /** The address as given, for nodemailer only. */
  connectionString: string;
  /** scheme://user@host:port, with no password: the one form that may be logged. */
  display: string;
}

/** smtps: TLS from the first byte (port 465); smtp: STARTTLS when the relay offers it (port 587 or 25). */
const SCHEMES = new Set(['smtp:', 'smtps:']);

export function parseSmtpUrl(name: string, value: string): SmtpUrl {
  const example = `${name} must be an smtp://user:password@host:port or smtps://… address`;
  const url = parseServiceUrl(value, SCHEMES, example);
  const user = url.username === '' ? '' : `${decodeURIComponent(url.username)}@`;
  return { connectionString: value, display: `${url.protocol}//${user}${url.host}` };
}
