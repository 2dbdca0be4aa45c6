/**
 * The browser's history as the site's router uses it: locations with React Router's shape (a key
 * per entry, kept in `history.state` so that back and forward find it again), written only once
 * the page they show is ready, as a full page load would change the address bar.
 */
import { createPath, parsePath, type Location, type To } from 'react-router';

/** The first entry's key, as React Router names it. */
export const INITIAL_LOCATION_KEY = 'default';
const KEY_CHARS = 8;

interface EntryState {
  usr: unknown;
  key: string;
}

const newKey = () =>
  Math.random()
    .toString(36)
    .slice(2, 2 + KEY_CHARS);

/** The location `to` leads to, with a new key. */
export function locationTo(to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname ?? '/', search: path.search ?? '', hash: path.hash ?? '', state: state ?? null, key: newKey() };
}

/** The location of the browser's current entry. */
export function currentLocation(win: Window = window): Location {
  const entry = win.history.state as Partial<EntryState> | null;
  const { pathname, search, hash } = win.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? INITIAL_LOCATION_KEY };
}

/** Writes `location` as a new entry (push) or over the current one (replace). */
export function writeEntry(location: Location, replace: boolean, win: Window = window): void {
  const entry: EntryState = { usr: location.state, key: location.key };
  if (replace) win.history.replaceState(entry, '', createPath(location));
  else win.history.pushState(entry, '', createPath(location));
}
