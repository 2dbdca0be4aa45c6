import { useRef, useState } from 'react';
import type { Activity, ActivityStatus } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { useFocusWhen } from '../administracio/use-focus-when';
import { definitionOf } from './activity-definition';
import { useExperimentsApi } from './experiments-api-context';
import { STATUS_LABELS } from './experiment-labels';

interface StatusAction {
  label: string;
  to: ActivityStatus;
  /** Asks "are you sure" first: archiving ends the activity for good in people's minds. */
  confirm?: boolean;
}

/** The state changes that fit each state (server/src/decide/activity.ts ActivityStatus). */
const ACTIONS: Record<ActivityStatus, StatusAction[]> = {
  draft: [
    { label: 'Inicia', to: 'active' },
    { label: 'Arxiva', to: 'archived', confirm: true },
  ],
  active: [
    { label: 'Posa en pausa', to: 'paused' },
    { label: 'Arxiva', to: 'archived', confirm: true },
  ],
  paused: [
    { label: 'Reprèn', to: 'active' },
    { label: 'Arxiva', to: 'archived', confirm: true },
  ],
  archived: [],
};

const DONE: Record<ActivityStatus, string> = {
  draft: "L'activitat torna a ser un esborrany.",
  active: "L'activitat és activa: els visitants ja la veuen.",
  paused: "L'activitat és en pausa: ningú no la veu, i els resultats es conserven.",
  archived: "L'activitat s'ha arxivat.",
};

interface StatusActionsProps {
  activity: Activity;
  onChanged: (activity: Activity) => Promise<void>;
}

/** The activity's state and the actions that fit it, each a PUT of the whole definition with the new status. */
export function StatusActions({ activity, onChanged }: StatusActionsProps) {
  const api = useExperimentsApi();
  const [confirming, setConfirming] = useState<StatusAction | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const problemText = useRef<HTMLParagraphElement>(null);
  useFocusWhen(confirmButton, confirming);
  useFocusWhen(problemText, problem);

  async function change(action: StatusAction) {
    setConfirming(undefined);
    setSending(true);
    const outcome = await api.saveActivity({ ...definitionOf(activity), status: action.to });
    setSending(false);
    if (!outcome.ok) {
      setDone(undefined);
      setProblem(`No s'ha pogut canviar l'estat. ${apiFailureMessage(outcome.failure)}`);
      return;
    }
    setProblem(undefined);
    setDone(DONE[action.to]);
    await onChanged(outcome.value);
  }

  return (
    <div className="experiment-status">
      <p>
        Estat: <span className={`status-badge status-badge--${activity.status}`}>{STATUS_LABELS[activity.status]}</span>
      </p>
      <div className="panel__actions">
        {ACTIONS[activity.status].map((action) => (
          <button
            key={action.to}
            type="button"
            className={action.confirm ? 'button button--quiet' : 'button'}
            disabled={sending}
            onClick={() => (action.confirm ? setConfirming(action) : void change(action))}
          >
            {action.label}
          </button>
        ))}
      </div>
      {confirming !== undefined && (
        <div className="admin-confirm">
          <p>L'activitat deixarà de mostrar-se als visitants i quedarà arxivada amb els seus resultats i l'historial.</p>
          <button ref={confirmButton} type="button" className="button button--danger" disabled={sending} onClick={() => void change(confirming)}>
            Sí, arxiva «{activity.name}»
          </button>{' '}
          <button type="button" className="button button--quiet" onClick={() => setConfirming(undefined)}>
            Cancel·la
          </button>
        </div>
      )}
      <p role="status" className="form-done">
        {done}
      </p>
      {problem !== undefined && (
        <p ref={problemText} tabIndex={-1} className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
