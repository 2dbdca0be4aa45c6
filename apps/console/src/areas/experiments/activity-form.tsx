import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Activity } from '@mesura/protocol';
import type { ApiFailure } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';
import { definitionFromDraft, type ActivityDraft, type DraftField } from './activity-draft';
import { GeneralFields } from './general-fields';
import { AudienceFields } from './audience-fields';
import { ExperiencesFields } from './experiences-fields';
import { useExperimentsApi } from './experiments-api-context';
import { activityPath } from './experiment-paths';
import { GoalFields } from './goal-fields';
import { VisualEditor } from './visual-editor';

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
  const nameField = useRef<HTMLInputElement>(null);
  const idField = useRef<HTMLInputElement>(null);
  const pathPrefixField = useRef<HTMLInputElement>(null);
  const mboxesField = useRef<HTMLInputElement>(null);
  const experiencesHeading = useRef<HTMLHeadingElement>(null);
  const goalField = useRef<HTMLInputElement>(null);
  // One object for the whole life of the form, so that the focus effect below runs for a new problem only.
  const refs = useMemo(() => ({ name: nameField, id: idField, pathPrefix: pathPrefixField, mboxes: mboxesField, experiences: experiencesHeading, goal: goalField }), []);
  const problemText = useRef<HTMLParagraphElement>(null);
  const advanced = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (problem === undefined) return;
    if (problem.field === 'mboxes' && advanced.current) advanced.current.open = true;
    (problem.field === undefined ? problemText.current : refs[problem.field].current)?.focus();
  }, [problem, refs]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = definitionFromDraft(draft, before);
    if (!result.ok) return setProblem({ field: result.field, message: result.message });
    setProblem(undefined);
    setSending(true);
    if (before === undefined) {
      // A PUT of a taken id would replace that activity: a new one must have an id of its own. The
      // list says so without asking for an activity that is expected not to exist (a 404 each save).
      const existing = await api.listActivities();
      const taken = existing.ok && existing.value.some((activity) => activity.id === result.value.id);
      if (!existing.ok || taken) {
        setSending(false);
        return setProblem(
          existing.ok
            ? { field: 'id', message: `Ja hi ha un experiment amb l'identificador «${result.value.id}»: trieu-ne un altre.` }
            : { field: undefined, message: refusalMessage(existing.failure) },
        );
      }
    }
    const outcome = await api.saveActivity(result.value);
    setSending(false);
    if (!outcome.ok) return setProblem({ field: undefined, message: refusalMessage(outcome.failure) });
    navigate(activityPath(outcome.value.id));
  }

  const invalid = (field: DraftField) => problem?.field === field;
  const describedBy = (field: DraftField) => (invalid(field) ? PROBLEM_ID : undefined);

  return (
    <form className="experiment-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <GeneralFields draft={draft} onChange={setDraft} saved={before !== undefined} problemField={problem?.field} problemId={PROBLEM_ID} refs={refs} advancedRef={advanced} />
      <AudienceFields draft={draft} onChange={setDraft} />
      <ExperiencesFields draft={draft} onChange={setDraft} headingRef={refs.experiences} />
      <VisualEditor draft={draft} onChange={setDraft} />
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
