import type { HourForecast } from '@mesura/content';
import { formatCelsius, formatForecastDay, formatKmh, formatPercent } from './format-weather';
import { SKY_LABELS } from './sky';
import { SkyIcon } from './sky-icon';

/** "14 h": the hour's column header. */
export const formatHour = (hour: number): string => `${hour} h`;

/**
 * One day's hours as a table: a column per hour (its header the hour), a row per figure (its
 * header the figure's name), so a screen reader reads "14 h, Temperatura, 12 °C". Wider than a
 * phone: the table scrolls sideways inside its own region, which takes keyboard focus so that the
 * arrow keys scroll it too, and the page itself never scrolls sideways.
 */
function HourlyTable({ id, title, hours }: { id: string; title: string; hours: readonly HourForecast[] }) {
  return (
    // A region that scrolls must take focus for keyboard users to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls, and focus is how a keyboard scrolls it.
    <section className="hourly" aria-labelledby={id} tabIndex={0}>
      <table className="hourly__table">
        <caption id={id}>{title}</caption>
        <thead>
          <tr>
            <td />
            {hours.map((h) => (
              <th key={h.hour} scope="col">
                {formatHour(h.hour)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Cel</th>
            {hours.map((h) => (
              <td key={h.hour} className="hourly__sky">
                <SkyIcon sky={h.sky} size={28} />
                <span>{SKY_LABELS[h.sky]}</span>
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Temperatura</th>
            {hours.map((h) => (
              <td key={h.hour}>{formatCelsius(h.celsius)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Probabilitat de pluja</th>
            {hours.map((h) => (
              <td key={h.hour}>{formatPercent(h.rainChancePercent)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Vent</th>
            {hours.map((h) => (
              <td key={h.hour}>{formatKmh(h.windKmh)}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** What the hourly tables of the first days are called, before their date. */
const DAY_NAMES = ['Avui', 'Demà'];

/** Today's and tomorrow's hours, one table each ("Avui, dissabte, 28 de novembre"). */
export function HourlyForecast({ hours }: { hours: readonly HourForecast[] }) {
  const dates = [...new Set(hours.map((h) => h.date))];
  return (
    <section aria-labelledby="hora-a-hora" className="hourly-forecast">
      <h2 id="hora-a-hora">Hora a hora</h2>
      {dates.map((date, i) => {
        const name = DAY_NAMES[i];
        const title = name === undefined ? formatForecastDay(date) : `${name}, ${formatForecastDay(date)}`;
        return <HourlyTable key={date} id={`hores-${date}`} title={title} hours={hours.filter((h) => h.date === date)} />;
      })}
    </section>
  );
}
