import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { clientAddress } from '../src/http/client-address.js';

function request(peer: string, forwardedFor?: string | string[]): IncomingMessage {
  return { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

describe('the client address handed to the anonymiser', () => {
  it('is the first address of X-Forwarded-For behind a trusted proxy', () => {
    expect(clientAddress(request('10.0.0.2', ' 203.0.113.7, 10.0.0.1'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', ['198.51.100.4, 10.0.0.1', '192.0.2.1']), true)).toBe('198.51.100.4');
  });

  it('is the socket peer when the proxy is not trusted, whatever the header says', () => {
    expect(clientAddress(request('10.0.0.2', '203.0.113.7'), false)).toBe('10.0.0.2');
  });

  it('is the socket peer behind a trusted proxy that sent no usable header', () => {
    expect(clientAddress(request('10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', ' , 10.0.0.1'), true)).toBe('10.0.0.2');
  });

  it('trusts the proxy only when MESURA_TRUST_PROXY says so', () => {
    expect(loadConfig({ MESURA_DATA_DIR: '/tmp/x' }, '/repo').trustProxy).toBe(false);
    expect(loadConfig({ MESURA_DATA_DIR: '/tmp/x', MESURA_TRUST_PROXY: 'true' }, '/repo').trustProxy).toBe(true);
  });
});
