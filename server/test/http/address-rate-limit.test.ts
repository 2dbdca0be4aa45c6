import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAddressRateLimit } from '../../src/http/address-rate-limit.js';

/** A request from `address` and a response recording what was written, enough for the rate limit. */
function exchange(address: string) {
  const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const request = { socket: { remoteAddress: address }, headers: {}, resume: () => undefined } as unknown as IncomingMessage;
  const response = {
    destroyed: false,
    writeHead(status: number, headers: Record<string, string>) {
      written.status = status;
      written.headers = headers;
    },
    end(body: string) {
      written.body = body;
    },
  };
  return { request, response: response as unknown as ServerResponse & { destroyed: boolean }, written };
}

/** A rate of one request a second (a burst of two), holding 429s on a recorded timer. */
function limitWithRecordedTimer(maxHeld: number) {
  const timers: { send: () => void; ms: number }[] = [];
  const overRate = createAddressRateLimit({
    maxRequestsPerS: 1,
    trustProxy: 0,
    now: () => 0,
    holdMs: 1000,
    maxHeld,
    schedule: (send, ms) => void timers.push({ send, ms }),
  });
  return { overRate, timers };
}

describe('the per-address rate limit holding its 429s', () => {
  it('sends a refusal only when its hold ends, with Retry-After and the usual error', () => {
    const { overRate, timers } = limitWithRecordedTimer(10);
    for (let i = 0; i < 2; i += 1) expect(overRate(exchange('203.0.113.7').request, exchange('203.0.113.7').response)).toBe(false);
    const refused = exchange('203.0.113.7');
    expect(overRate(refused.request, refused.response)).toBe(true);
    expect(refused.written.status).toBeUndefined();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.send();
    expect(refused.written.status).toBe(429);
    expect(refused.written.headers?.['Retry-After']).toBe('1');
    expect(JSON.parse(refused.written.body!)).toEqual({ error: 'too many requests from this address; retry later', code: 'MESURA_ERR_TOO_MANY_REQUESTS' });
  });

  it('holds at most maxHeld at once, sending the rest at once', () => {
    const { overRate, timers } = limitWithRecordedTimer(2);
    for (let i = 0; i < 2; i += 1) overRate(exchange('203.0.113.7').request, exchange('203.0.113.7').response);
    const refused = [1, 2, 3].map(() => exchange('203.0.113.7'));
    for (const { request, response } of refused) expect(overRate(request, response)).toBe(true);
    expect(refused.map((r) => r.written.status)).toEqual([undefined, undefined, 429]);
    timers[0]!.send();
    const next = exchange('203.0.113.7');
    overRate(next.request, next.response);
    expect(next.written.status).toBeUndefined();
    expect(timers).toHaveLength(3);
  });

  it('writes nothing for a client gone during the hold', () => {
    const { overRate, timers } = limitWithRecordedTimer(10);
    for (let i = 0; i < 2; i += 1) overRate(exchange('203.0.113.7').request, exchange('203.0.113.7').response);
    const gone = exchange('203.0.113.7');
    overRate(gone.request, gone.response);
    gone.response.destroyed = true;
    timers[0]!.send();
    expect(gone.written.status).toBeUndefined();
  });
});
