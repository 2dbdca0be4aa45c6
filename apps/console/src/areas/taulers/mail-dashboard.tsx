/**
 * «Envia per correu» on a dashboard: schedules the whole dashboard (each tile's report over the
 * mail's period) to the person's own address, daily, weekly or monthly, as «Avisos» schedules a
 * report (server: dashboards/dashboard-address.ts); the list of what is mailed is there. Named
 * after the dashboard, apart from each tile's own «Envia per correu» (which mails that report).
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { apiFailureMessage } from '../../api/failure-message';
import { AVISOS_PATH } from '../avisos/avisos-paths';
import { MAIL_FREQUENCIES } from '../avisos/mail-frequencies';
import { mailNoticesApi, type MailFrequency } from '../avisos/mail-notices-api';

type Step = 'closed' | 'choosing' | 'scheduled' | { failed: string };

/** The dashboard's console address, as a subscription keeps it (`home` is the person's own). */
export const dashboardMailView = (id: string) => `/consola/taulers/${id}`;

export function MailDashboard({ id, name }: { id: string; name: string }) {
  const [step, setStep] = useState<Step>('closed');
  const [frequency, setFrequency] = useState<MailFrequency>('weekly');
  const selectId = useId();
  const schedule = async () => {
    const made = await mailNoticesApi.subscribe(dashboardMailView(id), frequency);
    setStep(made.ok ? 'scheduled' : { failed: apiFailureMessage(made.failure) });
  };
  if (step === 'closed') {
    return (
      <button type="button" className="button button--quiet mail-dashboard__open" onClick={() => setStep('choosing')} aria-label={`Envia per correu el tauler «${name}»`}>
        Envia per correu
      </button>
    );
  }
  if (step === 'scheduled') {
    return (
      <p role="status" className="mail-dashboard">
        Us enviarem el tauler «{name}» per correu. Ho podeu canviar a <Link to={AVISOS_PATH}>Avisos i informes per correu</Link>.
      </p>
    );
  }
  return (
    <div className="mail-dashboard">
      <label htmlFor={selectId}>Envia el tauler per correu</label>
      <select id={selectId} value={frequency} onChange={(event) => setFrequency(event.target.value as MailFrequency)}>
        {MAIL_FREQUENCIES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <button type="button" className="button" onClick={() => void schedule()}>
        Programa l'enviament
      </button>
      <button type="button" className="button button--quiet" onClick={() => setStep('closed')}>
        Cancel·la
      </button>
      {typeof step === 'object' && <span role="alert">No s'ha pogut programar el tauler. {step.failed}</span>}
    </div>
  );
}
