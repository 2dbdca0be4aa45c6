// @vitest-environment happy-dom
import { hourlyForecastFor, PLACES, forecastFor, type Sky } from '@mesura/content';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountedRoot } from '@mesura/test-utils/react';
import { CataloniaMap } from '../src/weather/catalonia-map';
import { HourlyForecast } from '../src/weather/hourly-forecast';
import { layOutMarkers, MARKER_HEIGHT_PX, MARKER_WIDTH_PX } from '../src/weather/map-markers';
import { MAP_HEIGHT_PX, MAP_WIDTH_PX } from '../src/weather/catalonia-outline';
import { SKY_LABELS } from '../src/weather/sky';
import { SkyIcon } from '../src/weather/sky-icon';

// The weather pages' pieces as a visitor's browser builds them: drawn icons beside their words,
// the hours as a table with headers, and the map's places as links.

const TODAY = '2026-11-28';
const root = mountedRoot();
let container: HTMLElement;

async function render(element: ReactNode) {
  container = await root.mount(<MemoryRouter>{element}</MemoryRouter>);
}

describe('the sky icons', () => {
  it.each(Object.keys(SKY_LABELS) as Sky[])('draws %s as an SVG hidden from assistive technology, with no text', async (sky) => {
    await render(<SkyIcon sky={sky} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.children.length).toBeGreaterThan(0);
    expect(container.textContent).toBe('');
  });
});

describe('the hourly forecast', () => {
  it("is a table per day, today's and tomorrow's, with a header per hour and per figure", async () => {
    const place = PLACES.find((p) => p.slug === 'girona')!;
    const hours = hourlyForecastFor(place, TODAY);
    await render(<HourlyForecast hours={hours} />);
    const tables = [...container.querySelectorAll('table')];
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual(['Avui, dissabte, 28 de novembre', 'Demà, diumenge, 29 de novembre']);
    for (const table of tables) {
      expect([...table.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent)).toEqual(Array.from({ length: 24 }, (_, h) => `${h} h`));
      expect([...table.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent)).toEqual(['Cel', 'Temperatura', 'Probabilitat de pluja', 'Vent']);
      // The region that scrolls sideways is named by its table and reachable by keyboard.
      const region = table.closest('section.hourly');
      expect(region?.getAttribute('tabindex')).toBe('0');
      expect(region?.getAttribute('aria-labelledby')).toBe(table.querySelector('caption')?.id);
    }
    const firstDay = tables[0]!.querySelectorAll('tbody tr');
    expect(firstDay[0]!.querySelectorAll('td')[15]!.textContent).toBe(SKY_LABELS[hours[15]!.sky]);
    expect(firstDay[1]!.querySelectorAll('td')[15]!.textContent).toBe(`${forecastFor(place, TODAY)[0]!.maxCelsius} °C`);
  });
});

describe('the map of Catalonia', () => {
  const today = PLACES.map((place) => ({ place, today: forecastFor(place, TODAY)[0]! }));

  it('links every place, named with its sky and maximum, over a drawing hidden from assistive technology', async () => {
    await render(<CataloniaMap places={today} />);
    const links = [...container.querySelectorAll<HTMLAnchorElement>('.weather-map__places a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(PLACES.map((p) => `/el-temps/${p.slug}/`));
    const girona = today.find(({ place }) => place.slug === 'girona')!;
    const gironaLink = links.find((a) => a.getAttribute('href') === '/el-temps/girona/')!;
    expect(gironaLink.textContent?.replace(/\s+/g, ' ')).toBe(`Girona, ${SKY_LABELS[girona.today.sky]}, màxima ${girona.today.maxCelsius} °C`);
    expect(gironaLink.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.weather-map__land')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.weather-map__outline')?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
  });

  it('puts each marker on the map, overlapping no other and hiding no place', async () => {
    const markers = layOutMarkers(PLACES);
    for (const a of markers) {
      expect(a.box.x).toBeGreaterThanOrEqual(0);
      expect(a.box.y).toBeGreaterThanOrEqual(0);
      expect(a.box.x + MARKER_WIDTH_PX).toBeLessThanOrEqual(MAP_WIDTH_PX);
      expect(a.box.y + MARKER_HEIGHT_PX).toBeLessThanOrEqual(MAP_HEIGHT_PX);
      for (const b of markers) {
        if (a === b) continue;
        const apart = Math.abs(a.box.x - b.box.x) >= MARKER_WIDTH_PX || Math.abs(a.box.y - b.box.y) >= MARKER_HEIGHT_PX;
        expect(apart, `${a.slug} and ${b.slug}`).toBe(true);
        const hides = b.point.x >= a.box.x && b.point.x <= a.box.x + MARKER_WIDTH_PX && b.point.y >= a.box.y && b.point.y <= a.box.y + MARKER_HEIGHT_PX;
        expect(hides, `${a.slug} over ${b.slug}`).toBe(false);
      }
    }
  });

  it('places Girona north-east of Barcelona and Lleida west of both', async () => {
    const at = new Map(layOutMarkers(PLACES).map((m) => [m.slug, m.point]));
    expect(at.get('girona')!.x).toBeGreaterThan(at.get('barcelona')!.x);
    expect(at.get('girona')!.y).toBeLessThan(at.get('barcelona')!.y);
    expect(at.get('lleida')!.x).toBeLessThan(at.get('barcelona')!.x);
  });
});
