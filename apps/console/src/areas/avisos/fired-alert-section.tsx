import type { Loaded } from '../administracio/use-loaded';
import { formatMetric } from '../../report-view/format-metric';
import { FILTER_LABELS } from '../../report-view/report-state';
import { LoadFailure } from '../experiments/load-failure';
import type { FiredAlert } from './mail-notices-api';

const WHEN = new Intl.DateTimeFormat('ca', { dateStyle: 'short', timeStyle: 'short' });
const HOUR = new Intl.DateTimeFormat('ca', { timeStyle: 'short' });

/** The window of an alert as a person reads it: a day, or an hour from–to in the browser's zone. */
const windowText = (alert: FiredAlert) => (alert.from.length === 10 ? alert.from : `${WHEN.format(new Date(alert.from))} – ${HOUR.format(new Date(alert.to))}`);

/** The alerts the person's rules fired, newest first: when, the figure, its value and the range it left. */
export function FiredAlertSection({ alerts, onRetry }: { alerts: Loaded<FiredAlert[]>; onRetry: () => void }) {
  return (
    <section className="panel" aria-labelledby="fired-alerts-heading" aria-busy={alerts.status === 'loading'}>
      <h2 id="fired-alerts-heading">Avisos disparats</h2>
      {alerts.status === 'failed' && <LoadFailure what="No s'han pogut llegir els avisos." failure={alerts.failure} onRetry={onRetry} />}
      {alerts.status === 'ready' && alerts.value.length === 0 && <p className="panel__note">Cap xifra no ha sortit del seu rang esperat.</p>}
      {alerts.status === 'ready' && alerts.value.length > 0 && (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Quan</th>
              <th scope="col">Xifra</th>
              <th scope="col">Valor</th>
              <th scope="col">Rang esperat</th>
              <th scope="col">Estat</th>
            </tr>
          </thead>
          <tbody>
            {alerts.value.map((alert) => (
              <tr key={alert.id}>
                <th scope="row">{windowText(alert)}</th>
                <td>
                  {alert.label}
                  {alert.filters.length > 0 && ` (${alert.filters.map((f) => `${FILTER_LABELS[f.dimension]}: ${f.value}`).join(' · ')})`}
                </td>
                <td>{formatMetric(alert.value, alert.format)}</td>
                <td>
                  {formatMetric(alert.low, alert.format)} – {formatMetric(alert.high, alert.format)}
                </td>
                <td>{alert.endedAt === undefined ? 'Encara fora del rang' : `Hi ha tornat (${windowText({ ...alert, from: alert.endedAt, to: alert.endedAt })})`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
