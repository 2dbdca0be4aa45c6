import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { apiFailureMessage } from '../../api/failure-message';
import { useReportCatalogue } from '../../report-view/use-report-catalogue';
import { MAIL_REPORT_PARAM, MAIL_VIEW_PARAM } from './avisos-paths';
import { MAIL_FREQUENCIES } from './mail-frequencies';
import { mailNoticesApi, type MailFrequency } from './mail-notices-api';
import type { Message } from './notice-message';
import { reportViewAddress } from './report-view-address';

/**
 * Schedules a report: one of the server's catalogue, how often, and optionally a view's address for
 * its filters and segment; opened from a report's «Envia per correu» (mail-report-link.tsx), that
 * report and its view are filled in.
 */
export function NewSubscriptionForm({ email, onDone }: { email: string; onDone: (message: Message) => void }) {
  const { catalogue } = useReportCatalogue();
  const [asked] = useSearchParams();
  const [report, setReport] = useState(asked.get(MAIL_REPORT_PARAM) ?? '');
  const [frequency, setFrequency] = useState<MailFrequency>('weekly');
  const [pasted, setPasted] = useState(asked.get(MAIL_VIEW_PARAM) ?? '');

  const entries = catalogue.status === 'shown' ? catalogue.entries : [];
  // Nothing chosen yet: the first report; one asked for that the catalogue lacks: none, and the form says so.
  const chosen = report === '' ? entries[0] : entries.find((entry) => entry.report === report);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === undefined) return;
    const view = reportViewAddress(chosen.report, chosen.area, pasted);
    if (view === undefined) return onDone({ text: "L'adreça enganxada no és una adreça de la consola.", problem: true });
    const made = await mailNoticesApi.subscribe(view, frequency);
    if (made.ok) setPasted('');
    onDone(made.ok ? { text: `Us enviarem «${chosen.title}» a ${email}.`, problem: false } : { text: `No s'ha pogut programar l'informe. ${apiFailureMessage(made.failure)}`, problem: true });
  };

  return (
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
          {MAIL_FREQUENCIES.map((choice) => (
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
  );
}
