import { useCallback, useState, type FormEvent } from 'react';
import { REPORT_FILTER_DIMENSIONS, type ReportFilterDimension } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { FILTER_LABELS } from '../../report-view/report-state';
import { LoadFailure } from '../experiments/load-failure';
import { useLoaded } from '../administracio/use-loaded';
import { mailNoticesApi, type AlertRange } from './mail-notices-api';

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
  const [figure, setFigure] = useState('page_views');
  const [dimension, setDimension] = useState<ReportFilterDimension | ''>('');
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<{ text: string; problem: boolean }>();

  const known = figures.state.status === 'ready' ? figures.state.value : undefined;
  const chosen = known?.figures.find((f) => f.key === figure);
  const dimensions = REPORT_FILTER_DIMENSIONS.filter((d) => chosen?.filters.includes(d));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filters = dimension !== '' && value.trim() !== '' ? [`${dimension}:${value.trim()}`] : [];
    const made = await mailNoticesApi.addRule(figure, filters);
    setMessage(
      made.ok
        ? { text: `Us avisarem quan «${chosen?.label ?? figure}» surti del rang esperat.`, problem: false }
        : { text: `No s'ha pogut desar la regla. ${apiFailureMessage(made.failure)}`, problem: true },
    );
    if (made.ok) setValue('');
    await rules.reload();
  };

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
      {rules.state.status === 'ready' && rules.state.value.length > 0 && (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Xifra</th>
              <th scope="col">Filtres</th>
              <th scope="col">Estat</th>
              <th scope="col">Accions</th>
            </tr>
          </thead>
          <tbody>
            {rules.state.value.map((rule) => (
              <tr key={rule.id}>
                <th scope="row">{rule.label}</th>
                <td>{rule.filters.map((f) => `${FILTER_LABELS[f.dimension]}: ${f.value}`).join(' · ') || 'Sense filtres'}</td>
                <td>{rule.inBreach ? 'Fora del rang' : 'Dins del rang o sense prou història'}</td>
                <td>
                  <button type="button" className="button button--quiet" onClick={() => void remove(rule.id)}>
                    Esborra la regla
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="form-card" aria-labelledby="new-alert-rule-heading" onSubmit={(event) => void submit(event)}>
        <h3 id="new-alert-rule-heading">Nova regla</h3>
        <div className="form-field">
          <label htmlFor="alert-figure">Xifra</label>
          <select id="alert-figure" value={figure} onChange={(event) => (setFigure(event.target.value), setDimension(''))}>
            {known?.figures.map((f) => (
              <option key={f.key} value={f.key}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {dimensions.length > 0 && (
          <div className="form-field">
            <label htmlFor="alert-filter-dimension">Filtre (opcional)</label>
            <select id="alert-filter-dimension" value={dimension} onChange={(event) => setDimension(event.target.value as ReportFilterDimension | '')}>
              <option value="">Sense filtre</option>
              {dimensions.map((d) => (
                <option key={d} value={d}>
                  {FILTER_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
        )}
        {dimension !== '' && (
          <div className="form-field">
            <label htmlFor="alert-filter-value">Valor del filtre</label>
            <input id="alert-filter-value" value={value} onChange={(event) => setValue(event.target.value)} />
          </div>
        )}
        <div className="panel__actions">
          <button type="submit" className="button">
            Avisa'm
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
