import { useRef, useState, type FormEvent } from 'react';
import { apiFailureMessage } from '../../api/failure-message';
import { useAdminApi } from './admin-api-context';
import { BAD_VISITOR_ID_MESSAGE } from './admin-messages';
import { useFocusWhen } from './use-focus-when';
import { visitorIdFromInput } from './visitor-id-input';
import { VisitorDataResult } from './visitor-data-result';
import { VisitorErased } from './visitor-erased';
import type { VisitorDataCopy, VisitorErasure } from './visitor-rights';

const PROBLEM_ID = 'visitor-lookup-problem';

interface VisitorLookupProps {
  /** Called after each access or erasure, which the server records: the list of requests grows. */
  onRecorded: () => Promise<void>;
}

type Step = { kind: 'idle' } | { kind: 'found'; copy: VisitorDataCopy; confirming: boolean } | { kind: 'erased'; erasure: VisitorErasure };

/** Looks a visitor id up (an access request), saves its data as JSON, and erases it after a confirmation naming what goes. */
export function VisitorLookup({ onRecorded }: VisitorLookupProps) {
  const api = useAdminApi();
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // After the results' own focus (a child's effects run first): a problem wins over the data shown again with it.
  useFocusWhen(input, problem);

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const visitorId = visitorIdFromInput(text);
    if (visitorId === undefined) return setProblem(BAD_VISITOR_ID_MESSAGE);
    setProblem(undefined);
    setSending(true);
    const outcome = await api.visitorData(visitorId);
    setSending(false);
    if (!outcome.ok) return setProblem(`No s'han pogut llegir les dades de ${visitorId}. ${apiFailureMessage(outcome.failure)}`);
    setStep({ kind: 'found', copy: outcome.value, confirming: false });
    await onRecorded();
  }

  async function erase(copy: VisitorDataCopy) {
    setSending(true);
    const outcome = await api.eraseVisitor(copy.visitorId);
    setSending(false);
    if (!outcome.ok) {
      setStep({ kind: 'found', copy, confirming: false });
      return setProblem(`No s'han pogut esborrar les dades de ${copy.visitorId}. ${apiFailureMessage(outcome.failure)}`);
    }
    setStep({ kind: 'erased', erasure: outcome.value });
    await onRecorded();
  }

  return (
    <>
      <form className="form-card form-card--inline" noValidate onSubmit={(event) => void lookUp(event)}>
        <div className="form-field">
          <label htmlFor="visitor-id">Identificador del visitant</label>
          <input
            id="visitor-id"
            ref={input}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder="1F65FB944AFA1C05-25FBFAF16BF6E758"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem !== undefined}
            aria-describedby={problem === undefined ? undefined : PROBLEM_ID}
          />
        </div>
        <button type="submit" className="button" disabled={sending}>
          Consulta les dades
        </button>
        {problem !== undefined && (
          <p id={PROBLEM_ID} className="form-problem" role="alert">
            {problem}
          </p>
        )}
      </form>

      {step.kind === 'found' && (
        <VisitorDataResult copy={step.copy} confirming={step.confirming} sending={sending} onConfirming={(confirming) => setStep({ ...step, confirming })} onErase={() => void erase(step.copy)} />
      )}

      {step.kind === 'erased' && <VisitorErased erasure={step.erasure} />}
    </>
  );
}
