import { describe, expect, it } from 'vitest';
import { decodeBeaconQuery } from '@mesura/protocol';
import { QUEUE_KEY, QUEUE_MAX_BEACONS, createTransport, memoryStore, type DropReason, type TransportOptions } from '../src/index.js';
import { PAGE, makeAnalytics } from './helpers/analytics.js';
import { fakeNetwork, refusingStore, type NetworkScript } from './helpers/network.js';

const COLLECTOR = 'https://collector.mesura.cat';
const PATH = '/b/ss/mesuradev/1/MESURA-0.2.0/s12345678901234';
const QUERY = 'AQB=1&t=22%2F10%2F2026%209%3A59%3A43%200%20-60&fid=F1&eid=0a&AQE=1';
const BEACON = `${PATH}?${QUERY}`;

function setUp(script: NetworkScript = {}, options: Partial<TransportOptions> = {}) {
  const fake = fakeNetwork(script);
  const drops: [string, DropReason][] = [];
  const transport = createTransport({
    collector: COLLECTOR,
    network: fake.network,
    onDrop: (beacon, reason) => drops.push([beacon, reason]),
    ...options,
  });
  return { ...fake, transport, drops };
}

/** A storage holding `beacons` in the queue, as a previous page left it. */
function storageWith(beacons: string[]) {
  const storage = memoryStore();
  storage.setItem(QUEUE_KEY, JSON.stringify(beacons));
  return storage;
}

const other = (n: number) => `${PATH.replace('s12345678901234', `s${n}`)}?${QUERY}`;

describe('createTransport: the ways out, in order', () => {
  it('sends by sendBeacon first, the query as a text body, and tries nothing else', async () => {
    const { transport, calls } = setUp();
    expect(await transport.send(PATH, QUERY)).toBe('sent-beacon');
    expect(calls).toEqual([{ way: 'sendBeacon', url: COLLECTOR + PATH, body: QUERY }]);
  });

  it('falls back to a credentialed keepalive fetch POST when sendBeacon refuses', async () => {
    const { transport, calls, ways, queue } = setUp({ sendBeacon: false });
    expect(await transport.send(PATH, QUERY)).toBe('sent-fetch');
    expect(ways()).toEqual(['sendBeacon', 'fetch']);
    expect(calls[1]).toEqual({
      way: 'fetch',
      url: COLLECTOR + PATH,
      body: QUERY,
      init: { method: 'POST', body: QUERY, keepalive: true, credentials: 'include' },
    });
    expect(queue()).toEqual([]);
  });

  it('goes to fetch where the browser has no sendBeacon', async () => {
    const { transport, ways } = setUp({ sendBeacon: undefined });
    expect(await transport.send(PATH, QUERY)).toBe('sent-fetch');
    expect(ways()).toEqual(['fetch']);
  });

  it('falls back to an image GET of the whole beacon when fetch rejects', async () => {
    const { transport, calls, ways } = setUp({ sendBeacon: false, fetch: 'reject' });
    expect(await transport.send(PATH, QUERY)).toBe('sent-image');
    expect(ways()).toEqual(['sendBeacon', 'fetch', 'image']);
    expect(calls[2]!.url).toBe(`${COLLECTOR}${PATH}?${QUERY}`);
  });

  it.each([500, 503, 429, 408])('tries the image when fetch answers %i', async (status) => {
    const { transport, ways } = setUp({ sendBeacon: false, fetch: status });
    expect(await transport.send(PATH, QUERY)).toBe('sent-image');
    expect(ways()).toEqual(['sendBeacon', 'fetch', 'image']);
  });

  it('goes to the image where the browser has neither sendBeacon nor fetch', async () => {
    const { transport, ways } = setUp({ sendBeacon: undefined, fetch: undefined });
    expect(await transport.send(PATH, QUERY)).toBe('sent-image');
    expect(ways()).toEqual(['image']);
  });

  it.each([400, 403, 413])('drops a beacon the collector refuses with %i, with reason refused', async (status) => {
    const { transport, ways, drops, queue } = setUp({ sendBeacon: false, fetch: status });
    expect(await transport.send(PATH, QUERY)).toBe('dropped');
    expect(ways()).toEqual(['sendBeacon', 'fetch']);
    expect(drops).toEqual([[BEACON, 'refused']]);
    expect(queue()).toEqual([]);
  });

  it('sends to the page origin when no collector is given', async () => {
    const fake = fakeNetwork();
    await createTransport({ network: fake.network }).send(PATH, QUERY);
    expect(fake.calls[0]!.url).toBe(PATH);
  });
});

describe('createTransport: the queue', () => {
  it(`keeps a beacon no way delivered in localStorage under ${QUEUE_KEY}`, async () => {
    const { transport, queue, ways } = setUp({ sendBeacon: false, fetch: 'reject', image: false });
    expect(await transport.send(PATH, QUERY)).toBe('queued');
    expect(ways()).toEqual(['sendBeacon', 'fetch', 'image']);
    expect(queue()).toEqual([BEACON]);
  });

  it('writes the beacon to the queue before fetch answers, so that a page closed meanwhile loses nothing', async () => {
    const { transport, queue } = setUp({ sendBeacon: false });
    const sending = transport.send(PATH, QUERY);
    expect(queue()).toEqual([BEACON]);
    await sending;
    expect(queue()).toEqual([]);
  });

  it('queues without trying any way while the browser is offline', async () => {
    const { transport, ways, queue } = setUp({ online: false });
    expect(await transport.send(PATH, QUERY)).toBe('queued');
    expect(ways()).toEqual([]);
    expect(queue()).toEqual([BEACON]);
  });

  it(`holds at most ${QUEUE_MAX_BEACONS} beacons, dropping the oldest with reason queue-full`, async () => {
    const { transport, queue, drops } = setUp({ online: false });
    for (let n = 0; n <= QUEUE_MAX_BEACONS; n++) await transport.send(PATH.replace('s12345678901234', `s${n}`), QUERY);
    expect(queue()).toHaveLength(QUEUE_MAX_BEACONS);
    expect(queue()[0]).toBe(other(1));
    expect(drops).toEqual([[other(0), 'queue-full']]);
  });

  it('drops a beacon too large to queue, with reason too-large, once no way delivered it', async () => {
    const { transport, drops, queue } = setUp({ online: false });
    const huge = `AQB=1&c.&text=${'x'.repeat(60_000)}&.c&AQE=1`;
    expect(await transport.send(PATH, huge)).toBe('dropped');
    expect(drops).toEqual([[`${PATH}?${huge}`, 'too-large']]);
    expect(queue()).toEqual([]);
  });

  it('reports storage-failed when the browser refuses to store the queue and no way delivered it', async () => {
    const { transport, drops } = setUp({ sendBeacon: false, fetch: 'reject', image: false, storage: refusingStore() });
    expect(await transport.send(PATH, QUERY)).toBe('dropped');
    expect(drops).toEqual([[BEACON, 'storage-failed']]);
  });

  it('still delivers without any storage', async () => {
    const { transport, drops } = setUp({ sendBeacon: false, storage: undefined });
    expect(await transport.send(PATH, QUERY)).toBe('sent-fetch');
    expect(drops).toEqual([]);
  });
});

describe('createTransport: resending', () => {
  it('resends what the previous page queued as soon as it starts, by fetch, and empties the queue', async () => {
    const { transport, ways, queue, calls } = setUp({ storage: storageWith([other(1), other(2)]) });
    await transport.flush();
    expect(ways()).toEqual(['fetch', 'fetch']);
    expect(calls.map((call) => call.body)).toEqual([QUERY, QUERY]);
    expect(queue()).toEqual([]);
  });

  it('keeps what still fails for a later try', async () => {
    const { transport, queue } = setUp({ fetch: 503, image: false, storage: storageWith([other(1)]) });
    await transport.flush();
    expect(queue()).toEqual([other(1)]);
  });

  it('drops a queued beacon the collector refuses, with reason refused', async () => {
    const { transport, queue, drops } = setUp({ fetch: 400, storage: storageWith([other(1)]) });
    await transport.flush();
    expect(queue()).toEqual([]);
    expect(drops).toEqual([[other(1), 'refused']]);
  });

  it('waits for the online event while the browser is offline, then delivers', async () => {
    const { transport, script, ways, fire, queue } = setUp({ online: false, storage: storageWith([other(1)]) });
    await transport.send(PATH, QUERY);
    expect(ways()).toEqual([]);
    script.online = true;
    fire('online');
    await transport.flush();
    expect(ways()).toEqual(['fetch', 'fetch']);
    expect(queue()).toEqual([]);
  });

  it('does not send a queued beacon twice while its try is under way', async () => {
    const { transport, ways, fire } = setUp({ storage: storageWith([other(1)]) });
    fire('online');
    await transport.flush();
    expect(ways()).toEqual(['fetch']);
  });

  it('resends the rest of the queue once the collector answers a new beacon', async () => {
    const { transport, script, queue, calls } = setUp({ sendBeacon: false, fetch: 503, image: false });
    await transport.send(PATH, QUERY);
    script.fetch = 204;
    expect(await transport.send(PATH.replace('s12345678901234', 's2'), QUERY)).toBe('sent-fetch');
    // The resend has started without any flush, online or pagehide.
    expect(calls.slice(5).map((call) => `${call.way} ${call.url}`)).toEqual([`fetch ${COLLECTOR}${PATH}`]);
    await transport.flush();
    expect(queue()).toEqual([]);
  });

  it('offers the queue to sendBeacon on pagehide, removing what it takes', async () => {
    const { transport, script, ways, fire, queue } = setUp({ online: false });
    await transport.send(PATH, QUERY);
    await transport.send(PATH.replace('s12345678901234', 's2'), QUERY);
    script.online = true;
    fire('pagehide');
    expect(ways()).toEqual(['sendBeacon', 'sendBeacon']);
    expect(queue()).toEqual([]);
  });

  it('keeps on pagehide what sendBeacon refuses, for the next page', async () => {
    const { transport, script, fire, queue } = setUp({ online: false, sendBeacon: false });
    await transport.send(PATH, QUERY);
    script.online = true;
    fire('pagehide');
    expect(queue()).toEqual([BEACON]);
  });

  it('discards every queued beacon unsent when consent is withdrawn, each reported withdrawn', async () => {
    const { transport, queue, drops, ways, script, fire } = setUp({ online: false });
    await transport.send(PATH, QUERY);
    await transport.send(PATH.replace('s12345678901234', 's2'), QUERY);
    transport.discard();
    expect(queue()).toEqual([]);
    expect(drops.map(([, reason]) => reason)).toEqual(['withdrawn', 'withdrawn']);
    script.online = true;
    fire('online');
    await transport.flush();
    expect(ways()).toEqual([]);
  });

  it('resends nothing while not allowed (no consent yet), then everything on flush once allowed', async () => {
    const { transport: previousPage, network, script, ways, queue, fire } = setUp({ online: false });
    await previousPage.send(PATH, QUERY);
    script.online = true;
    previousPage.close();
    let allowed = false;
    const transport = createTransport({ collector: COLLECTOR, network, allowed: () => allowed });
    fire('online');
    fire('pagehide');
    await transport.flush();
    expect(ways()).toEqual([]);
    expect(queue()).toEqual([BEACON]);
    allowed = true;
    await transport.flush();
    expect(ways()).toEqual(['fetch']);
    expect(queue()).toEqual([]);
  });

  it('stops listening to online and pagehide once closed', () => {
    const { transport, listenerCount } = setUp();
    expect(listenerCount()).toBe(2);
    transport.close();
    expect(listenerCount()).toBe(0);
  });
});

describe('createTransport: confirmWhileVisible', () => {
  it('sends by fetch first while the page is visible, so a collector that is down loses nothing', async () => {
    const { transport, script, ways, queue } = setUp({ fetch: 'reject', image: false }, { confirmWhileVisible: true });
    expect(await transport.send(PATH, QUERY)).toBe('queued');
    expect(ways()).toEqual(['fetch', 'image']);
    script.fetch = 204;
    await transport.flush();
    expect(queue()).toEqual([]);
  });

  it('still sends by sendBeacon first once the page is hidden', async () => {
    const { transport, ways } = setUp({ hidden: true }, { confirmWhileVisible: true });
    expect(await transport.send(PATH, QUERY)).toBe('sent-beacon');
    expect(ways()).toEqual(['sendBeacon']);
  });
});

describe('analytics through the transport', () => {
  it('delivers beacons the collector decodes, queued or not', async () => {
    const fake = fakeNetwork({ sendBeacon: false, fetch: 'reject', image: false });
    const transport = createTransport({ collector: COLLECTOR, network: fake.network });
    const { analytics } = makeAnalytics({ transport });
    analytics.pageView(PAGE);
    analytics.link({ linkText: 'Comparteix', variables: {}, events: ['share'] });
    await transport.flush();
    const queued = fake.queue();
    expect(queued).toHaveLength(2);
    const decoded = queued.map((beacon) => decodeBeaconQuery(beacon.slice(beacon.indexOf('?') + 1)));
    expect(decoded.map((result) => result.ok && result.value.hitType)).toEqual(['page_view', 'link_o']);
  });
});
