import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { clientAddress, fastifyTrustProxy } from '../../src/http/client-address.js';

function request(peer: string, forwardedFor?: string | string[]): IncomingMessage {
  return { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

const config = (env: Record<string, string>) => loadConfig({ MESURA_DATA_DIR: '/tmp/x', ...env }, '/repo');

describe('the client address handed to the anonymiser', () => {
  it('is read from the right of X-Forwarded-For: the address the outermost trusted proxy received from', () => {
    // The client forged the left-most entry; the one trusted proxy appended the real peer.
    expect(clientAddress(request('10.0.0.2', '6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7');
    // Two trusted hops: the CDN appended the client, the load balancer appended the CDN.
    expect(clientAddress(request('10.0.0.2', '6.6.6.6, 203.0.113.7, 198.51.100.9'), 2)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', ['6.6.6.6, 203.0.113.7', '198.51.100.9']), 2)).toBe('203.0.113.7');
  });

  it('is the left-most address when the header has fewer entries than trusted hops', () => {
    expect(clientAddress(request('10.0.0.2', ' 203.0.113.7 '), 3)).toBe('203.0.113.7');
  });

  it('is the socket peer with no trusted hop, whatever the header says', () => {
    expect(clientAddress(request('10.0.0.2', '203.0.113.7'), 0)).toBe('10.0.0.2');
  });

  it('is the socket peer behind a trusted proxy that sent no usable header', () => {
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', ' , '), 1)).toBe('10.0.0.2');
  });

  it('gives Fastify the same hops: the first N addresses from the socket are proxies', () => {
    const trust = fastifyTrustProxy(2);
    expect(trust && [0, 1, 2].map((hop) => trust('x', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(0)).toBe(false);
  });
});

describe('MESURA_TRUSTED_PROXY_HOPS', () => {
  it('defaults to 0, reads a whole number, and takes MESURA_TRUST_PROXY=true as 1 hop', () => {
    expect(config({}).trustProxy).toBe(0);
    expect(config({ MESURA_TRUSTED_PROXY_HOPS: '2' }).trustProxy).toBe(2);
    expect(config({ MESURA_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(config({ MESURA_TRUST_PROXY: 'true', MESURA_TRUSTED_PROXY_HOPS: '0' }).trustProxy).toBe(0);
  });

  it('refuses anything but a whole number of proxies with a one-line reason', () => {
    for (const bad of ['-1', '1.5', 'two']) {
      expect(() => config({ MESURA_TRUSTED_PROXY_HOPS: bad })).toThrow(`MESURA_TRUSTED_PROXY_HOPS must be a whole number of proxies (0 or more), got '${bad}'`);
    }
  });
});
