/**
 * Everything the content API lists can be reached from the home page by following links: a crawl
 * of the built server's server-rendered pages (no browser: the first view renders every link)
 * compared with the site paths of the API's items (helpers/content-paths.ts). A miss names the
 * item no page links to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPaths } from './helpers/content-paths.js';
import { emptyDataDir, removeDataDir, startServerProcess, stopServerProcess, type ServerProcess } from './helpers/server-process.js';
import { crawlSite } from './helpers/site-crawl.js';

/** Pages the crawl fetches at most: the seeded site has about 250; a loop of links stops here. */
const CRAWL_PAGE_LIMIT = 600;

let server: ServerProcess;
const dataDir = emptyDataDir();
beforeAll(async () => {
  server = await startServerProcess({ dataDir });
});
afterAll(async () => {
  if (server) await stopServerProcess(server);
  removeDataDir(dataDir);
});

describe('the crawl of the site from its home page', () => {
  it('reaches every article, programme, season, episode, channel, station, author, theme and weather place the content API lists', async () => {
    const [expected, crawl] = await Promise.all([contentPaths(server.baseUrl), crawlSite({ baseUrl: server.baseUrl, pageLimit: CRAWL_PAGE_LIMIT })]);
    const missing = [...expected].filter((path) => !crawl.reached.has(path)).sort();
    if (missing.length > 0) console.log(`not reached from the home page (${missing.length} of ${expected.size}):\n${missing.join('\n')}`);
    expect(crawl.unvisited, 'the crawl stopped at its page limit').toEqual([]);
    expect(Object.fromEntries(crawl.failed), 'linked pages that do not answer 200').toEqual({});
    expect(missing).toEqual([]);
    expect(expected.size).toBeGreaterThan(150);
  });
});
