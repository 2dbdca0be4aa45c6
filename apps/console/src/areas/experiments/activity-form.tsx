import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ApiFailure } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import { definitionFromDraft, slugOf, type ActivityDraft, type DraftField } from './activity-draft';
import { GLOBAL_MBOX, type Activity } from './activity-definition';
import { AudienceFields } from './audience-fields';
import { ExperiencesFields } from './experiences-fields';
import { useExperimentsApi } from './experiments-api-context';
import { activityPath } from './experiment-paths';
import { GoalFields } from './goal-fields';

const PROBLEM_ID = 'activity-form-problem';

interface FormProblem {
  /** The field to fix; undefined for a refusal the server words, shown at the form. */
  field: DraftField | undefined;
  message: string;
}

function refusalMessage(failure: ApiFailure): string {
  if (failure.reason === 'rejected' && failure.status === 400) {
    return `El servidor no ha acceptat l'experiment: ${failure.message}${failure.code === undefined ? '' : ` (${failure.code})`}`;
  }
  return `No s'ha pogut desar l'experiment. ${apiFailureMessage(failure)}`;
}

interface ActivityFormProps {
  /** The activity edited; undefined for a new one. */
  before: Activity | undefined;
  initial: ActivityDraft;
}

/** The activity without code: name, id, type, page, audience, experiences with their offers, goal; saved whole with one PUT. */
export function ActivityForm({ before, initial }: ActivityFormProps) {
  const api = useExperimentsApi();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<FormProblem | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    id: useRef<HTMLInputElement>(null),
    pathPrefix: useRef<HTMLInputElement>(null),
    mboxes: useRef<HTMLInputElement>(null),
    experiences: useRef<HTMLHeadingElement>(null),
    goal: useRef<HTMLInputElement>(null),
  };
  const problemText = useRef<HTMLParagraphElement>(null);
  const advanced = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (problem === undefined) return;
    if (problem.field === 'mboxes' && advanced.current) advanced.current.open = true;
    (problem.field === undefined ? problemText.current : refs[problem.field].current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problem]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = definitionFromDraft(draft, before);
    if (!result.ok) return setProblem({ field: result.field, message: result.message });
    setProblem(undefined);
    setSending(true);
    if (before === undefined) {
      // A PUT of a taken id would replace that activity: a new one must have an id of its own.
      const existing = await api.activity(result.value.id);
      if (existing.ok) {
        setSending(false);
        return setProblem({ field: 'id', message: `Ja hi ha un experiment amb l'identificador «${result.value.id}»: trieu-ne un altre.` });
      }
    }
    const outcome = await api.saveActivity(result.value);
    setSending(false);
    if (!outcome.ok) return setProblem({ field: undefined, message: refusalMessage(outcome.failure) });
    navigate(activityPath(outcome.value.id));
  }

  const invalid = (field: DraftField) => problem?.field === field;
  const describedBy = (field: DraftField) => (invalid(field) ? PROBLEM_ID : undefined);
  const setName = (name: string) => setDraft({ ...draft, name, ...(draft.idEdited ? {} : { id: slugOf(name) }) });

  return (
    <form className="experiment-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="form-card experiment-fieldset">
        <legend>Experiment</legend>
        <div className="form-field">
          <label htmlFor="activity-name">Nom</label>
          <input id="activity-name" ref={refs.name} value={draft.name} onChange={(event) => setName(event.target.value)} aria-invalid={invalid('name')} aria-describedby={describedBy('name')} />
        </div>
        <div className="form-field">
          <label htmlFor="activity-id">Identificador</label>
          <input
            id="activity-id"
            ref={refs.id}
            value={draft.id}
            readOnly={before !== undefined}
            onChange={(event) => setDraft({ ...draft, id: event.target.value, idEdited: true })}
            aria-invalid={invalid('id')}
            aria-describedby={describedBy('id') === undefined ? 'activity-id-hint' : `activity-id-hint ${PROBLEM_ID}`}
          />
          <p id="activity-id-hint" className="admin-note">
            {before === undefined ? "Es fa a partir del nom; d'1 a 64 lletres sense accents, xifres, _ o -." : "L'identificador d'un experiment desat no canvia."}
          </p>
        </div>
        <div className="choice-row" role="radiogroup" aria-label="Tipus">
          <label>
            <input type="radio" name="activity-type" checked={draft.type === 'ab'} onChange={() => setDraft({ ...draft, type: 'ab' })} /> Prova A/B (quotes de visitants)
          </label>
          <label>
            <input type="radio" name="activity-type" checked={draft.type === 'xt'} onChange={() => setDraft({ ...draft, type: 'xt' })} /> Segmentació (per audiència)
          </label>
        </div>
        <div className="form-field">
          <label htmlFor="activity-page">Pàgina (començament del camí)</label>
          <input
            id="activity-page"
            ref={refs.pathPrefix}
            value={draft.pathPrefix}
            placeholder="/noticia/1001/"
            onChange={(event) => setDraft({ ...draft, pathPrefix: event.target.value })}
            aria-invalid={invalid('pathPrefix')}
            aria-describedby={describedBy('pathPrefix') === undefined ? 'activity-page-hint' : `activity-page-hint ${PROBLEM_ID}`}
          />
          <p id="activity-page-hint" className="admin-note">
            Les pàgines el camí de les quals comença així; buit, totes.
          </p>
        </div>
        <details ref={advanced}>
          <summary>Opcions avançades</summary>
          <div className="form-field">
            <label htmlFor="activity-mboxes">Mboxes (separades per comes)</label>
            <input id="activity-mboxes" ref={refs.mboxes} value={draft.mboxes} onChange={(event) => setDraft({ ...draft, mboxes: event.target.value })} aria-invalid={invalid('mboxes')} aria-describedby={describedBy('mboxes')} />
            <p className="admin-note">Totes les pàgines del web demanen {GLOBAL_MBOX}; altres noms només si la pàgina en demana.</p>
          </div>
        </details>
      </fieldset>
      <AudienceFields draft={draft} onChange={setDraft} />
      <ExperiencesFields draft={draft} onChange={setDraft} headingRef={refs.experiences} />
      <GoalFields goal={draft.goal} onChange={(goal) => setDraft({ ...draft, goal })} invalid={invalid('goal')} describedBy={describedBy('goal')} inputRef={refs.goal} />
      {problem !== undefined && (
        <p id={PROBLEM_ID} ref={problemText} tabIndex={-1} className="form-problem" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {before === undefined ? "Desa l'esborrany" : 'Desa els canvis'}
      </button>
    </form>
  );
}
