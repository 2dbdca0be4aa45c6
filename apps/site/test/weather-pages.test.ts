import { hoursOf, type DayForecast, type ForecastResponse, type Place } from '@mesura/content';
import { describe, expect, it } from 'vitest';
import { renderFirstView } from '../src/first-view';
import { MAIN_PLACES_COUNT } from '../src/weather/weather-front';

const ORIGIN = 'http://site.invalid';

// Spread over Catalonia (40.8–42.5° N, 0.6–3.1° E), for the map.
const PLACES: Place[] = Array.from({ length: 20 }, (_, i) => ({
  slug: `lloc-${i}`,
  name: `Lloc ${i}`,
  region: `Comarca ${i % 4}`,
  latitude: 40.8 + (i % 5) * 0.4,
  longitude: 0.6 + Math.floor(i / 5) * 0.8,
}));
PLACES[0] = { slug: 'girona', name: 'Girona', region: 'Gironès', latitude: 41.9794, longitude: 2.8214 };
PLACES[1] = { slug: 'girona-nord', name: 'Girona Nord', region: 'Gironès', latitude: 42.1, longitude: 2.85 };

const day = (date: string, sky: DayForecast['sky']): DayForecast => ({ date, sky, minCelsius: 4, maxCelsius: 15, rainChancePercent: 60, windKmh: 22 });
const WEEK = ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map((date, i) => day(date, i === 0 ? 'light-rain' : 'clear'));

/** The weather API over PLACES: `?q=` filters by name, each place has the same week. */
async function weatherApi(path: string): Promise<Response> {
  const url = new URL(path, ORIGIN);
  if (url.pathname === '/api/content/weather') {
    const q = url.searchParams.get('q')?.toLowerCase();
    return Response.json({ places: q === undefined ? PLACES : PLACES.filter((p) => p.name.toLowerCase().includes(q)) });
  }
  const place = PLACES.find((p) => url.pathname === `/api/content/weather/${p.slug}`);
  if (place === undefined) return new Response('no', { status: 404 });
  return Response.json({ place, days: WEEK, hours: WEEK.slice(0, 2).flatMap((day) => hoursOf(place, day)) } satisfies ForecastResponse);
}

async function firstView(url: string) {
  const view = await renderFirstView(url, weatherApi);
  return view && { ...view, html: view.html.replaceAll('<!-- -->', '').replaceAll(' data-discover="true"', '') };
}

describe('the weather front /el-temps/', () => {
  it("shows the place search and today's forecast of the main places in the list the layout test restyles", async () => {
    const view = await firstView(`${ORIGIN}/el-temps/`);
    expect(view?.html).toContain('<label for="lloc">Cerqueu una població</label>');
    expect(view?.html.match(/<option /g)).toHaveLength(PLACES.length);
    const list = /<ul class="forecast">(.*?)<\/ul>/s.exec(view!.html)?.[1] ?? '';
    expect(list.match(/class="forecast__city"/g)).toHaveLength(MAIN_PLACES_COUNT);
    expect(list).toContain('<a href="/el-temps/girona/">Girona</a>');
    expect(list).toContain('Pluja feble');
  });

  it('lists the places a search matches, says when none does, and goes straight to the one place found', async () => {
    const several = await firstView(`${ORIGIN}/el-temps/?q=giro`);
    expect(several?.html).toContain('Poblacions per a «giro»');
    expect(several?.html).toContain('<a href="/el-temps/girona-nord/">Girona Nord</a>');
    const none = await firstView(`${ORIGIN}/el-temps/?q=atlantida`);
    expect(none?.html).toContain('Cap població per a «atlantida»');
    // A redirect for the server to answer; temporary (302): the same search may find more later.
    expect((await firstView(`${ORIGIN}/el-temps/?q=lloc%2012`))?.redirect).toEqual({ to: '/el-temps/lloc-12/', status: 302 });
  });
});

describe('a place /el-temps/{lloc}/', () => {
  it('shows today large and then seven days, each with sky, minimum, maximum, rain and wind', async () => {
    const view = await firstView(`${ORIGIN}/el-temps/girona/`);
    expect(view?.title).toBe('El temps a Girona — Mesura.cat');
    expect(view?.html).toContain('<section aria-labelledby="avui" class="forecast-today">');
    expect(view?.html).toContain('dijous, 26 de novembre');
    const week = /<ol class="forecast-week">(.*?)<\/ol>/s.exec(view!.html)?.[1] ?? '';
    expect(week.match(/<li>/g)).toHaveLength(7);
    expect(week).toContain('<dt>Vent</dt><dd>22 km/h</dd>');
    expect(week).toMatch(/<svg class="sky-icon sky-icon--clear"[^>]* aria-hidden="true" focusable="false">.*?<\/svg> Cel serè/);
    expect(view?.notFound).toBe(false);
  });

  it('is the not-found page for an unknown place', async () => {
    expect((await firstView(`${ORIGIN}/el-temps/enlloc/`))?.notFound).toBe(true);
  });
});
