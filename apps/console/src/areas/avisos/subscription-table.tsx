import { FILTER_LABELS } from '../../report-view/report-state';
import type { MailSubscription } from './mail-notices-api';

const narrowing = (subscription: MailSubscription) =>
  subscription.dashboard !== undefined
    ? 'Cada informe del tauler amb els seus filtres'
    : [...(subscription.filters ?? []).map((filter) => `${FILTER_LABELS[filter.dimension]}: ${filter.value}`), ...(subscription.segment ? [`Segment: ${subscription.segment}`] : [])].join(' · ') ||
      'Sense filtres';

interface SubscriptionTableProps {
  subscriptions: readonly MailSubscription[];
  onSendNow: (id: string) => void;
  onStop: (id: string) => void;
}

/** The person's mailed reports and dashboards (a dashboard by its name): which, narrowed how, how often, the last period sent, and "send now" and "stop". */
export function SubscriptionTable({ subscriptions, onSendNow, onStop }: SubscriptionTableProps) {
  return (
    <table className="report-table">
      <thead>
        <tr>
          <th scope="col">Informe o tauler</th>
          <th scope="col">Filtres</th>
          <th scope="col">Quan</th>
          <th scope="col">Últim enviat</th>
          <th scope="col">Accions</th>
        </tr>
      </thead>
      <tbody>
        {subscriptions.map((subscription) => (
          <tr key={subscription.id}>
            <th scope="row">
              {/* The server keeps only addresses it made under /consola/; anything else is shown, not linked. */}
              {subscription.dashboard !== undefined && 'Tauler: '}
              {subscription.view.startsWith('/consola/') ? <a href={subscription.view}>{subscription.title ?? subscription.view}</a> : (subscription.title ?? subscription.view)}
            </th>
            <td>{narrowing(subscription)}</td>
            <td>{subscription.frequencyLabel}</td>
            <td>{subscription.lastSentFrom ?? 'Encara cap'}</td>
            <td className="panel__actions">
              <button type="button" className="button button--quiet" onClick={() => onSendNow(subscription.id)}>
                Envia'l ara
              </button>
              <button type="button" className="button button--quiet" onClick={() => onStop(subscription.id)}>
                Deixa d'enviar-lo
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
