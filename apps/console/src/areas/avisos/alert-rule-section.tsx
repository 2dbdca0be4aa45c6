import { useCallback, useState } from 'react';
import { apiFailureMessage } from '../../api/failure-message';
import { LoadFailure } from '../experiments/load-failure';
import { useLoaded } from '../administracio/use-loaded';
import { AlertRuleTable } from './alert-rule-table';
import { mailNoticesApi, type AlertRange } from './mail-notices-api';
import { NewAlertRuleForm } from './new-alert-rule-form';
import type { Message } from './notice-message';

const PERCENT = new Intl.NumberFormat('ca', { style: 'percent', maximumFractionDigits: 0 });

/** How the expected range is made, in words, from the server's own constants. */
const rangeText = (range: AlertRange) =>
  `Cada hora tancada (cada dia, per al consentiment) es compara amb la mateixa hora del mateix dia de la setmana de les ${range.historyWeeks} setmanes anteriors: ` +
  `el rang esperat és la mitjana ± ${range.deviations} desviacions típiques, com a mínim ± ${PERCENT.format(range.minHalfWidthShare)} de la mitjana o ${range.minHalfWidthCount} ` +
  `(± ${PERCENT.format(range.minHalfWidthRatio)} en els percentatges). Quan la xifra en surt, rebeu un correu i l'avís surt aquí; no en rebeu cap altre fins que hi torni.`;

/** The alert rules of the signed-in person: the list, with "delete", and the form that adds one. */
export function AlertRuleSection({ onChanged }: { onChanged: () => void }) {
  const rules = useLoaded(useCallback((signal?: AbortSignal) => mailNoticesApi.rules(signal), []));
  const figures = useLoaded(useCallback((signal?: AbortSignal) => mailNoticesApi.figures(signal), []));
  const [message, setMessage] = useState<Message>();

  const known = figures.state.status === 'ready' ? figures.state.value : undefined;

  const remove = async (id: string) => {
    const removed = await mailNoticesApi.removeRule(id);
    setMessage(removed.ok ? { text: 'Regla esborrada, amb els seus avisos.', problem: false } : { text: `No s'ha pogut esborrar. ${apiFailureMessage(removed.failure)}`, problem: true });
    await rules.reload();
    onChanged();
  };

  return (
    <section className="panel" aria-labelledby="alert-rules-heading" aria-busy={rules.state.status === 'loading'}>
      <h2 id="alert-rules-heading">Regles d'avís</h2>
      {known && <p className="panel__note">{rangeText(known.range)}</p>}
      {rules.state.status === 'failed' && <LoadFailure what="No s'han pogut llegir les regles." failure={rules.state.failure} onRetry={() => void rules.reload()} />}
      {rules.state.status === 'ready' && rules.state.value.length === 0 && <p className="panel__note">Encara no teniu cap regla d'avís.</p>}
      {rules.state.status === 'ready' && rules.state.value.length > 0 && <AlertRuleTable rules={rules.state.value} onRemove={(id) => void remove(id)} />}
      <NewAlertRuleForm figures={known?.figures ?? []} onDone={(next) => (setMessage(next), void rules.reload())} />
      {message && (
        <p className={message.problem ? 'panel__error' : 'panel__note'} role={message.problem ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
