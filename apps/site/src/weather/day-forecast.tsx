import type { DayForecast } from '@mesura/content';
import { formatCelsius, formatKmh, formatPercent } from './format-weather';
import { SKY_LABELS } from './sky';
import { SkyIcon } from './sky-icon';

/** One day's figures: sky (icon and label), minimum and maximum, chance of rain and wind. */
export function DayFigures({ day, withWind = true }: { day: DayForecast; withWind?: boolean }) {
  return (
    <>
      <p className="forecast__sky">
        <SkyIcon sky={day.sky} /> {SKY_LABELS[day.sky]}
      </p>
      <dl className="forecast__figures">
        <dt>Mínima</dt>
        <dd>{formatCelsius(day.minCelsius)}</dd>
        <dt>Màxima</dt>
        <dd>{formatCelsius(day.maxCelsius)}</dd>
        <dt>Probabilitat de pluja</dt>
        <dd>{formatPercent(day.rainChancePercent)}</dd>
        {withWind && (
          <>
            <dt>Vent</dt>
            <dd>{formatKmh(day.windKmh)}</dd>
          </>
        )}
      </dl>
    </>
  );
}
