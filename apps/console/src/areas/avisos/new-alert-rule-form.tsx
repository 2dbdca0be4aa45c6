import { useState, type FormEvent } from 'react';
import { REPORT_FILTER_DIMENSIONS, type ReportFilterDimension } from '@mesura/protocol';
import { apiFailureMessage } from '../../api/failure-message';
import { FILTER_LABELS } from '../../report-view/report-state';
import { mailNoticesApi, type AlertFigure } from './mail-notices-api';
import type { Message } from './notice-message';

/** A new alert rule: a figure of the server's list and, optionally, one filter its table keeps. */
export function NewAlertRuleForm({ figures, onDone }: { figures: readonly AlertFigure[]; onDone: (message: Message) => void }) {
  const [figure, setFigure] = useState('page_views');
  const [dimension, setDimension] = useState<ReportFilterDimension | ''>('');
  const [value, setValue] = useState('');
  const chosen = figures.find((f) => f.key === figure);
  const dimensions = REPORT_FILTER_DIMENSIONS.filter((d) => chosen?.filters.includes(d));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filters = dimension !== '' && value.trim() !== '' ? [`${dimension}:${value.trim()}`] : [];
    const made = await mailNoticesApi.addRule(figure, filters);
    if (made.ok) setValue('');
    onDone(
      made.ok
        ? { text: `Us avisarem quan «${chosen?.label ?? figure}» surti del rang esperat.`, problem: false }
        : { text: `No s'ha pogut desar la regla. ${apiFailureMessage(made.failure)}`, problem: true },
    );
  };

  return (
    <form className="form-card" aria-labelledby="new-alert-rule-heading" onSubmit={(event) => void submit(event)}>
      <h3 id="new-alert-rule-heading">Nova regla</h3>
      <div className="form-field">
        <label htmlFor="alert-figure">Xifra</label>
        <select id="alert-figure" value={figure} onChange={(event) => (setFigure(event.target.value), setDimension(''))}>
          {figures.map((f) => (
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
  );
}
