import type { ForecastResponse } from '@mesura/content';
import { sitePaths } from '@mesura/content';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { usePageData } from '../routing/page-data';
import { weatherPlaceFields } from '../measurement/programme-page-fields';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';
import { DayFigures } from '../weather/day-forecast';
import { formatForecastDay } from '../weather/format-weather';
import { HourlyForecast } from '../weather/hourly-forecast';
import { NotFoundPage } from './not-found-page';
import './weather-page.css';

/** /el-temps/{lloc}/: today's forecast large, today's and tomorrow's hours, then the seven days. An unknown place is a not-found page. */
export function WeatherPlacePage() {
  const data = usePageData<ForecastResponse | undefined>();
  return data === undefined ? <NotFoundPage /> : <WeatherPlaceView data={data} />;
}

function WeatherPlaceView({ data }: { data: ForecastResponse }) {
  const { place, days, hours } = data;
  usePageView(useMemo<PageRoute>(() => ({ kind: 'page', fields: weatherPlaceFields(place) }), [place]));
  const [today] = days;
  return (
    <>
      <title>{`El temps a ${place.name} — Mesura.cat`}</title>
      <nav aria-label="Ruta de navegació" className="breadcrumb">
        <Link to={sitePaths.weather()}>El temps</Link> <span aria-hidden="true">›</span> {place.region}
      </nav>
      <h1>El temps a {place.name}</h1>
      {today !== undefined && (
        <section aria-labelledby="avui" className="forecast-today">
          <h2 id="avui">
            Avui, <time dateTime={today.date}>{formatForecastDay(today.date)}</time>
          </h2>
          <DayFigures day={today} />
        </section>
      )}
      {hours.length > 0 && <HourlyForecast hours={hours} />}
      <section aria-labelledby="set-dies">
        <h2 id="set-dies">Els pròxims {days.length} dies</h2>
        <ol className="forecast-week">
          {days.map((day) => (
            <li key={day.date}>
              <h3>
                <time dateTime={day.date}>{formatForecastDay(day.date)}</time>
              </h3>
              <DayFigures day={day} />
            </li>
          ))}
        </ol>
      </section>
      <p className="weather-more">
        <Link to={sitePaths.weather()}>Cerqueu una altra població</Link>
      </p>
    </>
  );
}
