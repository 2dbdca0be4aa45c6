/**
 * The address of a server Mesura talks to (the metadata store's PostgreSQL, the mail relay), read
 * from a setting: a URL with one of `schemes` and a host, or a one-line Error that names the
 * setting (through `example`) and says what is wrong with it.
 */
export function parseServiceUrl(value: string, schemes: ReadonlySet<string>, example: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${example}; it is not a URL`);
  }
  if (!schemes.has(url.protocol)) throw new Error(`${example}; its scheme is '${url.protocol.replace(/:$/, '')}'`);
  if (url.hostname === '') throw new Error(`${example}; it names no host`);
  return url;
}
