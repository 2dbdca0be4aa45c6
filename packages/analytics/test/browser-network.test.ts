// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNetwork } from '../src/index.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** An Image whose request ends as `loads` says, on the next microtask. */
function stubImage(loads: boolean, requested: string[]) {
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        requested.push(url);
        queueMicrotask(() => (loads ? this.onload?.() : this.onerror?.()));
      }
    },
  );
}

describe('browserNetwork', () => {
  it("hands sendBeacon the query as a string body and returns the browser's answer", () => {
    const sendBeacon = vi.spyOn(navigator, 'sendBeacon').mockReturnValue(false);
    expect(browserNetwork().sendBeacon?.('/b/ss/x', 'AQB=1&AQE=1')).toBe(false);
    expect(sendBeacon).toHaveBeenCalledWith('/b/ss/x', 'AQB=1&AQE=1');
  });

  it('turns a sendBeacon that throws into a refusal, so the next way is tried', () => {
    vi.spyOn(navigator, 'sendBeacon').mockImplementation(() => {
      throw new TypeError('Illegal invocation');
    });
    expect(browserNetwork().sendBeacon?.('/b/ss/x', 'AQB=1&AQE=1')).toBe(false);
  });

  it('calls the global fetch with the init it is given', async () => {
    const fetch = vi.fn(() => Promise.resolve({ ok: true, status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const init: RequestInit = { method: 'POST', body: 'AQB=1', keepalive: true, credentials: 'include' };
    await expect(browserNetwork().fetch?.('/b/ss/x', init)).resolves.toEqual({ ok: true, status: 204 });
    expect(fetch).toHaveBeenCalledWith('/b/ss/x', init);
  });

  it.each([
    [true, true],
    [false, false],
  ])('resolves loadImage to %s when the image loads: %s', async (loads, expected) => {
    const requested: string[] = [];
    stubImage(loads, requested);
    await expect(browserNetwork().loadImage('/b/ss/x?AQB=1&AQE=1')).resolves.toBe(expected);
    expect(requested).toEqual(['/b/ss/x?AQB=1&AQE=1']);
  });

  it('keeps the queue in localStorage', () => {
    browserNetwork().storage?.setItem('mesura_queue', '[]');
    expect(localStorage.getItem('mesura_queue')).toBe('[]');
  });

  it('listens to window events until the listener is removed', () => {
    const listener = vi.fn();
    const remove = browserNetwork().listen('online', listener);
    window.dispatchEvent(new Event('online'));
    remove();
    window.dispatchEvent(new Event('online'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads navigator.onLine and document.visibilityState', () => {
    const network = browserNetwork();
    expect(network.isOnline()).toBe(true);
    expect(network.isHidden()).toBe(false);
  });
});
