import { describe, expect, it, vi } from 'vitest';
import { beaconSender } from '../src/media-sender.js';

const URL_ = 'http://localhost:8080/b/ss/mesuradev/1/MESURA-MEDIA-0.1.0/s123?AQB=1&pe=ms_s&AQE=1';

describe('beaconSender: the start hits to the collector', () => {
  it('sends by sendBeacon, the query as its body, to the beacon path', () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn();
    expect(beaconSender({ sendBeacon, fetch }).send(URL_)).toBe(true);
    expect(sendBeacon).toHaveBeenCalledWith('http://localhost:8080/b/ss/mesuradev/1/MESURA-MEDIA-0.1.0/s123', 'AQB=1&pe=ms_s&AQE=1');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch GET when sendBeacon refuses or is missing; a network error is a failed send', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('offline')));
    expect(await beaconSender({ sendBeacon: () => false, fetch }).send(URL_)).toBe(false);
    expect(fetch).toHaveBeenCalledWith(URL_, { mode: 'no-cors', credentials: 'include', keepalive: true });
    expect(await beaconSender({ fetch: () => Promise.resolve({ ok: false, status: 0 }) }).send(URL_)).toBe(true);
    expect(beaconSender({}).send(URL_)).toBe(false);
  });
});
