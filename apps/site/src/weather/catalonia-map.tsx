import { sitePaths } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CATALONIA_OUTLINE_PATH, MAP_HEIGHT_PX, MAP_WIDTH_PX, PROVINCE_BORDERS_PATH } from './catalonia-outline';
import { formatCelsius } from './format-weather';
import { layOutMarkers } from './map-markers';
import { SKY_LABELS } from './sky';
import { SkyIcon } from './sky-icon';
import type { PlaceToday } from './weather-front';

const percentOf = (value: number, whole: number) => `${((value / whole) * 100).toFixed(2)}%`;

/**
 * Today on a map of Catalonia: each place a link at its position, with today's sky and maximum.
 * The drawing (outline, borders, points) is decorative; the links are HTML over it, so they take
 * focus in the list's order and read as "Girona, Pluja feble, màxima 15 °C". The name shows on
 * hover and focus. Too dense for a phone: the styles show the map only where it fits at full size,
 * and the list of every place under it serves small screens.
 */
export function CataloniaMap({ places }: { places: readonly PlaceToday[] }) {
  const markers = useMemo(() => layOutMarkers(places.map(({ place }) => place)), [places]);
  return (
    <section aria-labelledby="mapa-del-temps" className="weather-map">
      <h2 id="mapa-del-temps">Avui a Catalunya</h2>
      <div className="weather-map__canvas">
        <svg className="weather-map__land" viewBox={`0 0 ${MAP_WIDTH_PX} ${MAP_HEIGHT_PX}`} aria-hidden="true" focusable="false">
          <path className="weather-map__outline" d={CATALONIA_OUTLINE_PATH} />
          <path className="weather-map__borders" d={PROVINCE_BORDERS_PATH} />
          {markers.map(({ slug, point }) => (
            <circle key={slug} className="weather-map__point" cx={point.x.toFixed(1)} cy={point.y.toFixed(1)} r="3" />
          ))}
        </svg>
        <ul className="weather-map__places">
          {markers.map(({ slug, box }, i) => {
            const { place, today } = places[i]!;
            return (
              <li key={slug} style={{ left: percentOf(box.x, MAP_WIDTH_PX), top: percentOf(box.y, MAP_HEIGHT_PX) }}>
                <Link className="weather-map__marker" to={sitePaths.weather(place.slug)}>
                  <SkyIcon sky={today.sky} size={22} />
                  <span className="weather-map__name">{place.name}</span>
                  <span className="visually-hidden">, {SKY_LABELS[today.sky]}, màxima</span> {formatCelsius(today.maxCelsius)}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
