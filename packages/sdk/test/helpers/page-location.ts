/**
 * The page's location as the tag rules see it in a test: happy-dom's address, read when asked (a
 * test moves it with history), on `hostname`, which picks the property's environment.
 */
export function pageLocation(hostname: string) {
  return {
    get href() {
      return location.href;
    },
    get pathname() {
      return location.pathname;
    },
    get search() {
      return location.search;
    },
    hostname,
  };
}
