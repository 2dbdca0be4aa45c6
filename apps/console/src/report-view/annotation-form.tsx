import { useId, useState } from 'react';
import { ANNOTATION_TEXT_MAX_CHARS, parseAnnotationDraft, type AnnotationDraft } from '@mesura/protocol';
import type { Outcome } from '../api/api-answer';
import { apiFailureMessage } from '../api/failure-message';

interface AnnotationFormProps {
  /** The chart's days, as keys (YYYY-MM-DD) and as a person reads them. */
  days: readonly { key: string; label: string }[];
  /** The note as it starts: a new one on the day picked on the chart, or one being corrected. */
  initial: AnnotationDraft;
  /** "Afegeix la nota" or "Desa els canvis". */
  submitLabel: string;
  onSubmit: (draft: AnnotationDraft) => Promise<Outcome<unknown>>;
  onCancel: () => void;
}

/** A note's day (one of the chart's), optional time and text, checked as the server checks it. */
export function AnnotationForm({ days, initial, submitLabel, onSubmit, onCancel }: AnnotationFormProps) {
  const id = useId();
  const [day, setDay] = useState(initial.day);
  const [time, setTime] = useState(initial.time ?? '');
  const [text, setText] = useState(initial.text);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseAnnotationDraft({ day, text, ...(time !== '' && { time }) });
    if (!parsed.ok) return setProblem(text.trim() === '' ? 'Escriviu el text de la nota.' : `La nota no és vàlida: ${parsed.reason}.`);
    setSaving(true);
    const result = await onSubmit(parsed.value);
    setSaving(false);
    if (!result.ok) setProblem(`No s'ha pogut desar la nota. ${apiFailureMessage(result.failure)}`);
  };

  return (
    <form className="annotation-form" onSubmit={(event) => void submit(event)} aria-label={submitLabel}>
      <p className="annotation-form__field">
        <label htmlFor={`${id}-day`}>Dia</label>
        <select id={`${id}-day`} value={day} onChange={(event) => setDay(event.target.value)}>
          {days.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label}
            </option>
          ))}
        </select>
      </p>
      <p className="annotation-form__field">
        <label htmlFor={`${id}-time`}>Hora (opcional)</label>
        <input id={`${id}-time`} type="time" value={time} onChange={(event) => setTime(event.target.value)} />
      </p>
      <p className="annotation-form__field annotation-form__field--text">
        <label htmlFor={`${id}-text`}>Nota</label>
        <input id={`${id}-text`} type="text" value={text} maxLength={ANNOTATION_TEXT_MAX_CHARS} onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-limit`} />
        <span id={`${id}-limit`} className="annotation-form__hint">
          Fins a {ANNOTATION_TEXT_MAX_CHARS} caràcters. Tot l'equip la veurà.
        </span>
      </p>
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      <p className="annotation-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {submitLabel}
        </button>{' '}
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel·la
        </button>
      </p>
    </form>
  );
}
