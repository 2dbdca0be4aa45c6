// Saves the demo's goals, funnels and segments (definitions.mjs) through the server's own API, as
// an editor would in the console: with an API token (MESURA_ADMIN_TOKEN, as `npm run backup` reads
// it) or by signing in with MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD (the account the server
// was started with). Definitions are saved by signed-in people only; the backfill key that dates
// the traffic gives no right to them, so without an account the demo sends the traffic alone.
import { DEMO_FUNNELS, DEMO_GOALS, DEMO_SEGMENTS } from './definitions.mjs';

const REQUEST_TIMEOUT_MS = 10_000;
/** Where a person makes an API token, named when the demo has no account to save with. */
const TOKENS_PAGE = '/consola/claus-api/';

export class DefinitionsError extends Error {
  name = 'DefinitionsError';
}

/**
 * The headers that authorise an editor on the server at `base`, from the environment, or undefined
 * when it names no account. Throws DefinitionsError, saying what to do, when it names one the
 * server refuses.
 */
export async function editorHeaders(base, env) {
  if (env.MESURA_ADMIN_TOKEN) return { authorization: `Bearer ${env.MESURA_ADMIN_TOKEN}` };
  if (!env.MESURA_ADMIN_EMAIL || !env.MESURA_ADMIN_PASSWORD) return undefined;
  const json = { 'content-type': 'application/json', origin: base };
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: env.MESURA_ADMIN_EMAIL, password: env.MESURA_ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (signIn.status !== 204) {
    throw new DefinitionsError(
      `signing in as ${env.MESURA_ADMIN_EMAIL} answered ${signIn.status}: check MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD (the password chosen at the first sign-in, if it was changed)`,
    );
  }
  return { ...json, cookie: (signIn.headers.get('set-cookie') ?? '').split(';', 1)[0] };
}

/** The line the demo prints when it has no account: how to give it one. */
export const NO_ACCOUNT_HINT =
  'no goals, funnels or segments defined: they are saved by an editor, so run the demo again with the account you sign in with ' +
  `(MESURA_ADMIN_EMAIL and MESURA_ADMIN_PASSWORD) or an editor's API token (MESURA_ADMIN_TOKEN, made at ${TOKENS_PAGE})`;

/**
 * Saves each definition the server does not hold yet, goals first (the funnels and segments name
 * them); one already there, perhaps edited since by someone, is left as it is. Resolves with
 * `{made, kept}`; throws DefinitionsError on a refusal.
 */
export async function defineAll(base, headers) {
  const kinds = [
    ['goals', DEMO_GOALS],
    ['funnels', DEMO_FUNNELS],
    ['segments', DEMO_SEGMENTS],
  ];
  const tally = { made: 0, kept: 0 };
  for (const [kind, definitions] of kinds) {
    for (const definition of definitions) {
      const url = `${base}/api/${kind}/${definition.id}`;
      const held = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (held.ok) {
        tally.kept++;
        continue;
      }
      if (held.status !== 404) throw new DefinitionsError(`GET /api/${kind}/${definition.id} answered ${held.status}: ${await firstLine(held)}`);
      const saved = await fetch(url, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(definition),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (saved.status !== 201) throw new DefinitionsError(`saving ${kind.slice(0, -1)} ${definition.id} answered ${saved.status}: ${await firstLine(saved)}`);
      tally.made++;
    }
  }
  return tally;
}

async function firstLine(answer) {
  return (await answer.text()).split('\n', 1)[0].slice(0, 300);
}
