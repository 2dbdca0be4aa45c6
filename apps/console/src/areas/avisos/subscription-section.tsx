import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Outcome } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import { FILTER_LABELS } from '../../report-view/report-state';
import { LoadFailure } from '../experiments/load-failure';
import { useLoaded } from '../administracio/use-loaded';
import { useReportCatalogue } from '../video-i-audio/use-report-catalogue';
import { mailNoticesApi, type MailFrequency, type MailSubscription } from './mail-notices-api';
import { reportViewAddress } from './report-view-address';
import { MAIL_REPORT_PARAM, MAIL_VIEW_PARAM } from './avisos-paths';

const FREQUENCIES: readonly { value: MailFrequency; label: string }[] = [
  { value: 'daily', label: 'Cada dia (el dia anterior)' },
  { value: 'weekly', label: 'Cada setmana (de dilluns a diumenge)' },
  { value: 'monthly', label: 'Cada mes (el mes anterior)' },
];

const narrowing = (subscription: MailSubscription) =>
  [...(subscription.filters ?? []).map((filter) => `${FILTER_LABELS[filter.dimension]}: ${filter.value}`), ...(subscription.segment ? [`Segment: ${subscription.segment}`] : [])].join(' · ') ||
  'Sense filtres';

/** The reports mailed to the signed-in person: the list, with "send now" and "stop", and the form that adds one. */
export function SubscriptionSection({ email }: { email: string }) {
  const subscriptions = useLoaded(useCallback((signal?: AbortSignal) => mailNoticesApi.subscriptions(signal), []));
  const { catalogue } = useReportCatalogue();
  // Opened from a report's «Envia per correu» (mail-report-link.tsx): that report and its view.
  const [asked] = useSearchParams();
  const [report, setReport] = useState(asked.get(MAIL_REPORT_PARAM) ?? '');
  const [frequency, setFrequency] = useState<MailFrequency>('weekly');
  const [pasted, setPasted] = useState(asked.get(MAIL_VIEW_PARAM) ?? '');
  const [message, setMessage] = useState<{ text: string; problem: boolean }>();

  const entries = catalogue.status === 'shown' ? catalogue.entries : [];
  // Nothing chosen yet: the first report; one asked for that the catalogue lacks: none, and the form says so.
  const chosen = report === '' ? entries[0] : entries.find((entry) => entry.report === report);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === undefined) return;
    const view = reportViewAddress(chosen.report, chosen.area, pasted);
    if (view === undefined) return setMessage({ text: "L'adreça enganxada no és una adreça de la consola.", problem: true });
    const made = await mailNoticesApi.subscribe(view, frequency);
    setMessage(made.ok ? { text: `Us enviarem «${chosen.title}» a ${email}.`, problem: false } : { text: `No s'ha pogut programar l'informe. ${apiFailureMessage(made.failure)}`, problem: true });
    if (made.ok) setPasted('');
    await subscriptions.reload();
  };

  const act = async (done: Promise<Outcome<undefined>>, success: string) => {
    const result = await done;
    setMessage(result.ok ? { text: success, problem: false } : { text: `No s'ha pogut fer. ${apiFailureMessage(result.failure)}`, problem: true });
    await subscriptions.reload();
  };

  return (
    <section className="panel" aria-labelledby="mailed-reports-heading" aria-busy={subscriptions.state.status === 'loading'}>
      <h2 id="mailed-reports-heading">Informes per correu</h2>
      <p className="panel__note">Un resum curt de l'informe (totals, canvi respecte del període anterior i primeres files) amb un enllaç a la consola, a la vostra adreça, {email}.</p>
      {subscriptions.state.status === 'failed' && (
        <LoadFailure what="No s'han pogut llegir els informes programats." failure={subscriptions.state.failure} onRetry={() => void subscriptions.reload()} />
      )}
      {subscriptions.state.status === 'ready' && subscriptions.state.value.length === 0 && <p className="panel__note">Encara no rebeu cap informe per correu.</p>}
      {subscriptions.state.status === 'ready' && subscriptions.state.value.length > 0 && (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Informe</th>
              <th scope="col">Filtres</th>
              <th scope="col">Quan</th>
              <th scope="col">Últim enviat</th>
              <th scope="col">Accions</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.state.value.map((subscription) => (
              <tr key={subscription.id}>
                <th scope="row">
                  {/* The server keeps only addresses it made under /consola/; anything else is shown, not linked. */}
                  {subscription.view.startsWith('/consola/') ? <a href={subscription.view}>{subscription.title ?? subscription.view}</a> : (subscription.title ?? subscription.view)}
                </th>
                <td>{narrowing(subscription)}</td>
                <td>{subscription.frequencyLabel}</td>
                <td>{subscription.lastSentFrom ?? 'Encara cap'}</td>
                <td className="panel__actions">
                  <button type="button" className="button button--quiet" onClick={() => void act(mailNoticesApi.sendNow(subscription.id), `Enviat ara a ${email}.`)}>
                    Envia'l ara
                  </button>
                  <button type="button" className="button button--quiet" onClick={() => void act(mailNoticesApi.unsubscribe(subscription.id), 'Ja no us enviarem aquest informe.')}>
                    Deixa d'enviar-lo
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="form-card" aria-labelledby="new-mailed-report-heading" onSubmit={(event) => void submit(event)}>
        <h3 id="new-mailed-report-heading">Programa un informe</h3>
        <div className="form-field">
          <label htmlFor="mailed-report">Informe</label>
          <select id="mailed-report" value={chosen?.report ?? ''} onChange={(event) => setReport(event.target.value)} disabled={entries.length === 0}>
            {entries.map((entry) => (
              <option key={entry.report} value={entry.report}>
                {entry.title}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="mailed-report-frequency">Cada quant</label>
          <select id="mailed-report-frequency" value={frequency} onChange={(event) => setFrequency(event.target.value as MailFrequency)}>
            {FREQUENCIES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="mailed-report-view">Adreça de la vista amb els filtres i el segment (opcional)</label>
          <input id="mailed-report-view" value={pasted} placeholder="Enganxeu l'adreça de l'informe filtrat" onChange={(event) => setPasted(event.target.value)} />
        </div>
        {catalogue.status === 'shown' && chosen === undefined && <p className="panel__note">Aquest informe no es pot enviar per correu; trieu-ne un de la llista.</p>}
        <div className="panel__actions">
          <button type="submit" className="button" disabled={chosen === undefined}>
            Envia per correu
          </button>
        </div>
      </form>
      {message && (
        <p className={message.problem ? 'panel__error' : 'panel__note'} role={message.problem ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
