/**
 * Sends one delivery call and reads the answer (spec §7, §8). The only module that calls `send`;
 * every way a request can fail becomes one of §8's messages.
 */
import { parseDeliveryResponse, type DeliveryResponse } from '@mesura/protocol';
import type { DeliveryCall } from './delivery-call.js';
import type { Send, SendInit } from './deps.js';
import { JSON_PARSER_ERROR, NETWORK_REQUEST_FAILED, UNKNOWN_ERROR, URL_REQUIRED, type ErrorStatus } from './errors.js';

export type DeliveryResult = { ok: true; response: DeliveryResponse } | DeliveryFailure;
export type DeliveryFailure = { ok: false; status: ErrorStatus; message: string };

export function failure(message: string, status: ErrorStatus = 'error'): DeliveryFailure {
  return { ok: false, status, message };
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

export interface SendOptions {
  signal?: AbortSignal;
  keepalive?: boolean;
  /** Where the reason of an answer that is JSON but not a delivery response goes. */
  warn: (message: string) => void;
}

export async function sendDelivery(send: Send, call: DeliveryCall, options: SendOptions): Promise<DeliveryResult> {
  if (!/^https?:\/\/./.test(call.url)) return failure(URL_REQUIRED);
  // `undefined` members are as good as absent to fetch.
  const init: SendInit = { method: call.method, credentials: 'include', signal: options.signal, keepalive: options.keepalive };
  if (call.method === 'POST') Object.assign(init, { headers: FORM, body: call.body });
  let status: number;
  let text: string;
  try {
    const answer = await send(call.url, init);
    status = answer.status;
    text = await answer.text();
  } catch {
    return failure(NETWORK_REQUEST_FAILED);
  }
  if (status < 200 || status > 299) return failure(serverReason(text) ?? UNKNOWN_ERROR);
  return readResponse(text, options.warn);
}

function readResponse(text: string, warn: (message: string) => void): DeliveryResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failure(JSON_PARSER_ERROR);
  }
  const parsed = parseDeliveryResponse(json);
  if (parsed.ok) return { ok: true, response: parsed.value };
  warn(`${JSON_PARSER_ERROR}: ${parsed.reason}`);
  return failure(JSON_PARSER_ERROR);
}

/** A refusal's reason, when the server gave one (`{"error": "…"}` or `{"message": "…"}`). */
function serverReason(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const reason = body.error ?? body.message;
    return typeof reason === 'string' && reason !== '' ? reason : undefined;
  } catch {
    return undefined;
  }
}
