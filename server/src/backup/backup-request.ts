/**
 * `npm run backup`'s request to the server that holds the data folder: `POST /api/admin/backups`
 * on the server's own PORT (loopback when it listens on every interface) with MESURA_ADMIN_TOKEN.
 * node:http rather than fetch, whose answers time out after five minutes: a large store's copy
 * takes longer.
 */
import { request } from 'node:http';
import { OperatorError } from '../operator-error.js';

/** What the server answers once the snapshot is whole (backup-routes.ts). */
export interface ServerBackupAnswer {
  dir: string;
  startedAt: string;
  bytes: number;
  files: number;
}

/** An API token as the auth guard reads one (auth-guard.ts BEARER). */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** Where the server listens (config.ts ServerConfig's HOST and PORT). */
export interface ServerAddress {
  host: string;
  port: number;
}

export async function askServerForBackup(config: ServerAddress, name: string, token: string | undefined): Promise<ServerBackupAnswer> {
  if (!token) throw new OperatorError("a server holds the data folder: set MESURA_ADMIN_TOKEN to an admin's API token (made in the console) so that it writes the backup");
  if (!TOKEN.test(token)) throw new OperatorError('MESURA_ADMIN_TOKEN is not an API token (mesura_… as the console shows it)');
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/admin/backups`;
  const { status, body } = await post(url, token, JSON.stringify({ name }));
  if (status === 201) return JSON.parse(body) as ServerBackupAnswer;
  const said = errorOf(body);
  if (status === 401) throw new OperatorError(`the server at ${url} refused MESURA_ADMIN_TOKEN (401): make a new token in the console`);
  if (status === 403) throw new OperatorError(`the server at ${url} refused the backup (403): MESURA_ADMIN_TOKEN must be an admin's${said ? `; ${said}` : ''}`);
  throw new OperatorError(`the server at ${url} answered ${status}${said ? `: ${said}` : ''}`, status >= 500 ? 1 : 2);
}

function post(url: string, token: string, payload: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    sent.on('error', (error: NodeJS.ErrnoException) =>
      reject(new OperatorError(`no server answers at ${url} (${error.code ?? error.message}), though one holds the data folder: check PORT and MESURA_HOST`, 1)),
    );
    sent.end(payload);
  });
}

function errorOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}
