import { useContext, useState } from 'react';
import type { Annotation, AnnotationDraft } from '@mesura/protocol';
import type { Outcome } from '../api/api-answer';
import { apiFailureMessage } from '../api/failure-message';
import { SessionContext } from '../session/session-context';
import type { AnnotationMark } from './annotation-marks';
import { AnnotationForm } from './annotation-form';
import { useAnnotationsApi } from './annotations-api-context';
import type { AnnotationsLoad } from './use-annotations';

interface AnnotationPanelProps {
  /** The chart's days, as keys and as a person reads them. */
  days: readonly { key: string; label: string }[];
  load: AnnotationsLoad;
  marks: readonly AnnotationMark[];
  reload: () => void;
  /** The day (and on a chart of minutes, the time) a click on the chart picked: the form opens on it. */
  picked: Pick<AnnotationDraft, 'day' | 'time'> | undefined;
  onPickedDone: () => void;
}

type Editing = { kind: 'new' } | { kind: 'change'; annotation: Annotation } | undefined;

/**
 * The notes under a time chart, numbered as the chart marks them: who wrote each and when it
 * falls, with "Afegeix una nota" (or a click on a day of the chart) to write one for the team.
 * Its author or an admin may correct or delete a note.
 */
export function AnnotationPanel({ days, load, marks, reload, picked, onPickedDone }: AnnotationPanelProps) {
  const api = useAnnotationsApi();
  const me = useContext(SessionContext)?.me;
  const [editing, setEditing] = useState<Editing>();
  const [problem, setProblem] = useState<string>();
  const open: Editing = picked !== undefined ? { kind: 'new' } : editing;
  const close = () => {
    setEditing(undefined);
    onPickedDone();
  };
  const saved = <T,>(result: Outcome<T>): Outcome<T> => {
    if (result.ok) {
      close();
      reload();
    }
    return result;
  };
  const mayChange = (annotation: Annotation) => me !== undefined && (me.email === annotation.author || me.role === 'admin');
  const remove = async (annotation: Annotation) => {
    const result = await api.remove(annotation.id);
    setProblem(result.ok ? undefined : `No s'ha pogut esborrar la nota. ${apiFailureMessage(result.failure)}`);
    if (result.ok) reload();
  };
  const lastDay = days.at(-1)?.key ?? '';
  const initial: AnnotationDraft = open?.kind === 'change' ? open.annotation : { day: lastDay, ...picked, text: '' };

  return (
    <div className="annotations">
      {load.status === 'failed' && <p className="panel__note">No s'han pogut carregar les notes. {apiFailureMessage(load.failure)}</p>}
      {marks.length > 0 && (
        <ol className="annotations__list" aria-label="Notes del gràfic">
          {marks.map(({ number, annotation }) => (
            <li key={annotation.id} className="annotation">
              <span className="annotation__number" aria-hidden="true">
                {number}
              </span>
              <span className="annotation__when">
                {days.find((d) => d.key === annotation.day)?.label ?? annotation.day}
                {annotation.time && `, ${annotation.time}`}
              </span>{' '}
              <span className="annotation__text">{annotation.text}</span> <span className="annotation__author">· {annotation.author}</span>
              {mayChange(annotation) && (
                <span className="annotation__actions">
                  {' '}
                  <button type="button" className="link-button" onClick={() => setEditing({ kind: 'change', annotation })} aria-label={`Corregeix la nota ${number}`}>
                    Corregeix
                  </button>{' '}
                  <button type="button" className="link-button" onClick={() => void remove(annotation)} aria-label={`Esborra la nota ${number}`}>
                    Esborra
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {problem && (
        <p className="panel__error" role="alert">
          {problem}
        </p>
      )}
      {open ? (
        <AnnotationForm
          key={open.kind === 'change' ? open.annotation.id : `new-${initial.day}-${initial.time ?? ''}`}
          days={days}
          initial={initial}
          submitLabel={open.kind === 'change' ? 'Desa els canvis' : 'Afegeix la nota'}
          onSubmit={async (draft) => saved(open.kind === 'change' ? await api.update(open.annotation.id, draft) : await api.create(draft))}
          onCancel={close}
        />
      ) : (
        <button type="button" className="button button--quiet annotations__add" onClick={() => setEditing({ kind: 'new' })}>
          Afegeix una nota
        </button>
      )}
    </div>
  );
}
