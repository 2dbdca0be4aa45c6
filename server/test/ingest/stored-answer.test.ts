import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCors } from '../../src/http/cors.js';
import { TRANSPARENT_GIF, createStoredAnswer } from '../../src/ingest/stored-answer.js';

const SITE = 'https://www.example.cat';
const OTHER_SITE = 'https://beta.example.cat';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A node:http server answering every request as stored, with the status its `x-status` header names. */
async function storedAnswerServer(): Promise<string> {
  const stored = createStoredAnswer(createCors([SITE, OTHER_SITE]));
  server = createServer((request, response) => stored(response, request.headers.origin, request.headers['x-status'] === '204' ? 204 : 200));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('createStoredAnswer: the collectors’ success answers, headers made once per origin', () => {
  it('answers 200 with the whole GIF and its length, and 204 without a body', async () => {
    const base = await storedAnswerServer();
    const gif = await fetch(base);
    expect(gif.status).toBe(200);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    expect(gif.headers.get('cache-control')).toBe('no-store');
    expect(gif.headers.get('content-length')).toBe(String(TRANSPARENT_GIF.length));
    expect(Buffer.from(await gif.arrayBuffer()).equals(TRANSPARENT_GIF)).toBe(true);
    const empty = await fetch(base, { headers: { 'x-status': '204' } });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('echoes each allowed origin as its own, and none to a request without one, in any order', async () => {
    const base = await storedAnswerServer();
    const allowOrigin = async (origin?: string) => (await fetch(base, { headers: origin === undefined ? {} : { origin } })).headers.get('access-control-allow-origin');
    for (let round = 0; round < 2; round++) {
      expect(await allowOrigin(SITE)).toBe(SITE);
      expect(await allowOrigin()).toBeNull();
      expect(await allowOrigin(OTHER_SITE)).toBe(OTHER_SITE);
      expect(await allowOrigin('https://evil.example')).toBeNull();
    }
  });
});
