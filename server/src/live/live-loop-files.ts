/**
 * Reads a looped folder of the built site: its master playlist (the renditions) and each
 * rendition's VOD media playlist (the loop's segments, made absolute so that a live playlist under
 * /live/… points at the static files). Files of a build do not change, so each is read once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LiveLoop, LoopSegment } from './live-playlist.js';
import { isLiveName } from './live-sources.js';

export interface LiveMaster {
  /** The master playlist as the folder has it: its variants are `{rendition}/index.m3u8`, relative. */
  text: string;
  renditions: string[];
}

export interface LoopFiles {
  master(dir: string): Promise<LiveMaster | undefined>;
  loop(dir: string, rendition: string): Promise<LiveLoop | undefined>;
}

const RENDITION_URI = /^([a-z0-9][a-z0-9-]{0,63})\/index\.m3u8$/;

/** A folder's files under `siteDir`, read on first use; a folder that is not there reads as undefined (and is retried). */
export function loopFilesIn(siteDir: string): LoopFiles {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> => {
    let entry = cache.get(key) as Promise<T | undefined> | undefined;
    if (!entry) {
      entry = load().catch(() => undefined);
      cache.set(key, entry);
      void entry.then((value) => value === undefined && cache.delete(key));
    }
    return entry;
  };
  return {
    master: (dir) => once(`${dir}|master`, async () => parseMaster(await readFile(path.join(siteDir, dir, 'master.m3u8'), 'utf8'))),
    loop: (dir, rendition) =>
      once(`${dir}|${rendition}`, async () => {
        if (!isLiveName(rendition)) return undefined;
        const text = await readFile(path.join(siteDir, dir, rendition, 'index.m3u8'), 'utf8');
        return parseLoop(text, `/${dir}/${rendition}/`);
      }),
  };
}

/** The renditions a master lists; undefined when it lists any other kind of URI. */
export function parseMaster(text: string): LiveMaster | undefined {
  const uris = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const renditions: string[] = [];
  for (const uri of uris) {
    const match = RENDITION_URI.exec(uri);
    if (!match?.[1]) return undefined;
    renditions.push(match[1]);
  }
  return renditions.length === 0 ? undefined : { text, renditions };
}

/** The segments and init segment of a VOD media playlist, their URIs resolved against `base` (an absolute path ending in '/'). */
export function parseLoop(text: string, base: string): LiveLoop | undefined {
  let initUri: string | undefined;
  let pendingMs: number | undefined;
  const segments: LoopSegment[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
    if (map?.[1]) initUri = resolve(map[1], base);
    else if (line.startsWith('#EXTINF:')) pendingMs = Math.round(Number.parseFloat(line.slice('#EXTINF:'.length)) * 1000);
    else if (line !== '' && !line.startsWith('#') && pendingMs !== undefined) {
      const uri = resolve(line, base);
      if (uri === undefined || !(pendingMs > 0)) return undefined;
      segments.push({ uri, durationMs: pendingMs });
      pendingMs = undefined;
    }
  }
  return initUri === undefined || segments.length === 0 ? undefined : { initUri, segments };
}

/** A file name beside the playlist; anything else (another folder, a host) is not part of a loop. */
function resolve(uri: string, base: string): string | undefined {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(uri) ? `${base}${uri}` : undefined;
}
