/**
 * The only file that knows the browser's network API. Beacons go as POST through sendBeacon
 * (it survives the page being closed); where that is missing or refuses, as an image GET.
 */
export type Transport = (path: string, query: string) => void;

export function browserTransport(collectorOrigin: string): Transport {
  return (path, query) => {
    const url = collectorOrigin + path;
    const body = new Blob([query], { type: 'text/plain;charset=UTF-8' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
    new Image().src = `${url}?${query}`;
  };
}
