/**
 * A visitor's answer to the consent banner, as `POST /api/consent/choices` receives it: only which
 * of the three answers it was. Pure: parses the body the site sends, and nothing else.
 */
import type { Result } from '@mesura/protocol';
import { CONSENT_CHOICES, type ConsentChoice } from '../shared/consent-choice.js';

/**
 * `{"choice": "accept-all" | "reject-all" | "custom"}`, as JSON (`application/json`) or as the same
 * text sent `text/plain` (a keepalive fetch without a preflight). Any other field is refused: the
 * endpoint must never become a way to store something about the visitor.
 */
export function parseConsentChoice(body: unknown): Result<ConsentChoice> {
  const value = typeof body === 'string' ? parseJson(body) : body;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('the body must be {"choice": "accept-all" | "reject-all" | "custom"}');
  const extra = Object.keys(value).find((key) => key !== 'choice');
  if (extra !== undefined) return fail(`unknown field '${extra}'; the body holds only "choice"`);
  const { choice } = value as { choice?: unknown };
  if (!CONSENT_CHOICES.includes(choice as ConsentChoice)) return fail(`choice must be one of ${CONSENT_CHOICES.join(', ')}`);
  return { ok: true, value: choice as ConsentChoice };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
