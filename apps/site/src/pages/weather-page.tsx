import { SAMPLE_FORECAST, SKY_LABELS } from '../content/forecast';
import type { PageRoute } from '../measurement/page-data';
import { usePageView } from '../measurement/use-page-view';

const WEATHER_ROUTE: PageRoute = { kind: 'weather' };

const temperature = new Intl.NumberFormat('ca-ES', { style: 'unit', unit: 'celsius' });
const percent = new Intl.NumberFormat('ca-ES', { style: 'percent' });

export function WeatherPage() {
  usePageView(WEATHER_ROUTE);
  return (
    <>
      <title>El temps — Mesura.cat</title>
      <h1>El temps</h1>
      <p className="lead">Previsió per a avui a les principals ciutats de Catalunya.</p>
      <ul className="forecast">
        {SAMPLE_FORECAST.map((forecast) => (
          <li key={forecast.city} className="forecast__city">
            <h2>{forecast.city}</h2>
            <p className="forecast__sky">{SKY_LABELS[forecast.sky]}</p>
            <dl className="forecast__figures">
              <dt>Mínima</dt>
              <dd>{temperature.format(forecast.minCelsius)}</dd>
              <dt>Màxima</dt>
              <dd>{temperature.format(forecast.maxCelsius)}</dd>
              <dt>Probabilitat de pluja</dt>
              <dd>{percent.format(forecast.rainChancePercent / 100)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
