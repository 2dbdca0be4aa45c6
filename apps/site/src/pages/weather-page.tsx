import { sitePaths } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { weatherFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { CataloniaMap } from '../weather/catalonia-map';
import { DayFigures } from '../weather/day-forecast';
import { PlaceSearch } from '../weather/place-search';
import { MAIN_PLACES_COUNT, type WeatherFrontData } from '../weather/weather-front';
import './weather-page.css';

/**
 * /el-temps/: the place search, today on a map of Catalonia and in the main places, every place. The list `ul.forecast` is
 * what the site's layout test (server/src/decide/site-activities.ts) restyles: keep its selector.
 */
export function WeatherPage() {
  const data = usePageData<WeatherFrontData>();
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: weatherFields() }), []));
  return (
    <>
      <title>El temps — Mesura.cat</title>
      <h1>El temps</h1>
      <p className="lead">Previsió per a avui i els pròxims set dies a {data.places.length} poblacions de Catalunya.</p>
      <PlaceSearch places={data.places} query={data.query} />
      {data.matches !== undefined && (
        <section aria-labelledby="llocs-trobats" className="place-matches">
          <h2 id="llocs-trobats">{data.matches.length === 0 ? `Cap població per a «${data.query}»` : `Poblacions per a «${data.query}»`}</h2>
          {data.matches.length === 0 ? (
            <p>Proveu-ho amb el nom d'una altra població o d'una comarca.</p>
          ) : (
            <ul className="place-matches__list">
              {data.matches.map((place) => (
                <li key={place.slug}>
                  <Link to={sitePaths.weather(place.slug)}>{place.name}</Link> <span className="meta">({place.region})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {data.today.length > 0 && <CataloniaMap places={data.today} />}
      <h2>Avui a les principals poblacions</h2>
      <ul className="forecast">
        {data.today.slice(0, MAIN_PLACES_COUNT).map(({ place, today }) => (
          <li key={place.slug} className="forecast__city">
            <h3>
              <Link to={sitePaths.weather(place.slug)}>{place.name}</Link>
            </h3>
            <DayFigures day={today} withWind={false} />
          </li>
        ))}
      </ul>
      {/* Every place has its page; a visitor (or a search engine) without the search reaches each one. */}
      <section aria-labelledby="totes-les-poblacions">
        <h2 id="totes-les-poblacions">Totes les poblacions</h2>
        <ul className="place-index">
          {data.places.map((place) => (
            <li key={place.slug}>
              <Link to={sitePaths.weather(place.slug)}>{place.name}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
