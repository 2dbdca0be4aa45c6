/**
 * The page types the other e2e files do not measure field by field, in Chromium: the live index, a
 * TV channel, a radio station and its pop-out window (the broadcast on air from the guide), the
 * daily quiz, the sign-in page, La meva llista, the TV receiver and the accessibility statement.
 * Each stored page view carries the §3 fields its page fills.
 */
import type { Broadcast, ChannelResponse, Programme, ProgrammesResponse, StationResponse } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { gotoMeasured, newVisitorPage } from './helpers/browser.js';
import { E2E_ADMIN_ENV, apiHeaders } from './helpers/server-process.js';
import { today, useSiteUnderTest } from './helpers/site-under-test.js';

type StoredHit = Record<string, string | null> & { hit_type: string };
const site = useSiteUnderTest({ env: E2E_ADMIN_ENV });
const STORE_TIMEOUT_MS = 15_000;

async function pageViews(): Promise<StoredHit[]> {
  const day = today();
  const answer = await fetch(`${site.server.baseUrl}/api/export/events?from=${day}&to=${day}`, { headers: await apiHeaders(site.server) });
  return ((await answer.json()) as StoredHit[]).filter((hit) => hit.hit_type === 'page_view');
}

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(site.server.baseUrl + path);
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

/**
 * The fields a live page takes from the broadcast on air. The guide may move on between the API's
 * answer and the page view, so the stored hit is compared with the broadcast it names.
 */
function onAirFields(hit: StoredHit, candidates: Broadcast[], programmes: Programme[]) {
  const broadcast = candidates.find((candidate) => candidate.title === hit.content_title);
  expect(broadcast, `${hit.page_name} names a broadcast of the guide`).toBeDefined();
  const programme = programmes.find((p) => p.slug === broadcast!.programme);
  return {
    emission_type: 'directe',
    content_title: broadcast!.title,
    deliverty_id: broadcast!.episode ?? broadcast!.id,
    programme_name: programme?.title ?? broadcast!.title,
    ...(programme && { programme: programme.code, content_producer: programme.producer }),
    thematic: broadcast!.genre,
    broadcast_date: broadcast!.start.slice(0, 10),
  };
}

describe('live, participation and account pages in Chromium', () => {
  it('stores each page view with the fields its page fills', async () => {
    const { programmes } = await api<ProgrammesResponse>('/api/content/programmes');
    const channel = await api<ChannelResponse>('/api/content/channels/mesura-tv');
    const station = await api<StationResponse>('/api/content/stations/mesura-radio');
    const page = await newVisitorPage(site.browser, { consent: { accepted: true, baseUrl: site.server.baseUrl } });
    const paths = ['/directes/', '/directes/mesura-tv/', '/radio/', '/radio/mesura-radio/', '/radio/finestra/mesura-radio/', '/joc/', '/entrar/', '/la-meva-llista/', '/tv/', '/accessibilitat/'];
    for (const path of paths) await gotoMeasured(page, site.server.baseUrl + path);
    await expect.poll(async () => (await pageViews()).length, { timeout: STORE_TIMEOUT_MS }).toBe(paths.length);
    await page.context().close();

    const byName = Object.fromEntries((await pageViews()).map((hit) => [hit.page_name ?? '', hit]));
    expect(byName['mesura:directes']).toMatchObject({ section: 'directes', page_type: 'directes', emission_type: 'directe' });
    expect(byName['mesura:radio']).toMatchObject({ section: 'radio', page_type: 'radio-emissores', emission_type: 'directe' });
    const tv = byName['directes:mesura-tv']!;
    expect(tv).toMatchObject({
      ...onAirFields(tv, [channel.now, channel.next], programmes),
      section: 'directes',
      subsection: 'mesura-tv',
      broadcast_channel: 'mesura-tv',
      page_type: 'directe',
      multimedia_content: 'video',
    });
    for (const [name, pageType] of [
      ['radio:mesura-radio', 'radio'],
      ['radio:mesura-radio:finestra', 'radio-finestra'],
    ] as const) {
      const radio = byName[name]!;
      expect(radio, name).toMatchObject({
        ...onAirFields(radio, [station.now, station.next], programmes),
        section: 'radio',
        subsection: 'mesura-radio',
        broadcast_channel: 'mesura-radio',
        page_type: pageType,
        multimedia_content: 'audio',
      });
    }
    expect(byName['mesura:joc']).toMatchObject({
      section: 'joc',
      page_type: 'joc',
      content_title: 'El joc del dia',
      emission_type: 'a la carta',
      publication_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
    });
    expect(byName['mesura:entrar']).toMatchObject({ section: 'usuari', page_type: 'login', login_state: 'no logat', user_id: 'No informat' });
    expect(byName['mesura:la-meva-llista']).toMatchObject({ section: 'usuari', page_type: 'llista', login_state: 'no logat' });
    expect(byName['mesura:tv']).toMatchObject({ section: 'tv', page_type: 'receptor-tv' });
    expect(byName['mesura:accessibilitat']).toMatchObject({ section: 'accessibilitat', page_type: 'informacio', screen_reader: 'false' });
  });
});
