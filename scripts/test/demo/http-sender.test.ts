import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: the demo's scripts are plain JavaScript without declarations.
import { createSender } from '../../demo/http-sender.mjs';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers the first request of each connection and drops the connection on the second, unanswered. */
async function serverDroppingKeptConnections(): Promise<{ port: number; received: string[] }> {
  const received: string[] = [];
  const served = new WeakSet<object>();
  server = http.createServer((request, response) => {
    if (served.has(request.socket)) {
      request.socket.destroy();
      return;
    }
    served.add(request.socket);
    received.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server!.address() as AddressInfo).port, received };
}

describe('the demo sender', () => {
  it('sends a request again when the server closed the kept-alive connection it went out on', async () => {
    const { port, received } = await serverDroppingKeptConnections();
    const sender = createSender({ port, key: 'k', concurrency: 1 });
    try {
      const spec = (path: string) => ({ kind: 'page', method: 'GET', path, atMs: 0 });
      await sender.request(spec('/a'));
      const second = await sender.request(spec('/b'));
      expect(second.status).toBe(200);
      expect(received).toEqual(['/a', '/b']);
    } finally {
      sender.close();
    }
  });
});
