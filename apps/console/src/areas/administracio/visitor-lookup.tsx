import { useRef, useState, type FormEvent } from 'react';
import { apiFailureMessage } from '../../api/failure-message';
import { formatCount } from '../../reports/format';
import { useAdminApi } from './admin-api-context';
import { BAD_VISITOR_ID_MESSAGE } from './admin-messages';
import { RowCountsList, rowCountsText } from './row-counts-list';
import { saveJsonFile } from './save-json-file';
import { useFocusWhen } from './use-focus-when';
import { visitorIdFromInput } from './visitor-id-input';
import { totalRows, type VisitorDataCopy, type VisitorErasure } from './visitor-rights';

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
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useFocusWhen(resultHeading, step.kind === 'idle' || (step.kind === 'found' && step.confirming) ? undefined : step);
  useFocusWhen(confirmHeading, step.kind === 'found' && step.confirming);
  // Last, so that a problem wins over the result it came with (a failed erasure shows the data again).
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
        <section className="admin-result" aria-labelledby="visitor-data-heading">
          <h3 id="visitor-data-heading" ref={resultHeading} tabIndex={-1}>
            Dades del visitant <code>{step.copy.visitorId}</code>
          </h3>
          <RowCountsList counts={step.copy.counts} />
          <div className="token-secret__actions">
            <button type="button" className="button" onClick={() => saveJsonFile(`mesura-visitant-${step.copy.visitorId}.json`, step.copy.json)}>
              Desa les dades (JSON)
            </button>
            {!step.confirming && (
              <button type="button" className="button button--danger" disabled={sending} onClick={() => setStep({ ...step, confirming: true })}>
                Esborra aquest visitant…
              </button>
            )}
          </div>
          {step.confirming && (
            <div className="admin-confirm" role="group" aria-labelledby="erase-confirm-heading">
              <h4 id="erase-confirm-heading" ref={confirmHeading} tabIndex={-1}>
                Voleu esborrar definitivament el visitant <code>{step.copy.visitorId}</code>?
              </h4>
              <p>
                S'esborraran {formatCount(totalRows(step.copy.counts))} files de totes les taules ({rowCountsText(step.copy.counts)}), i també
                les que hagin arribat des de la consulta. No es pot desfer.
              </p>
              <button type="button" className="button button--danger" disabled={sending} onClick={() => void erase(step.copy)}>
                Sí, esborra {step.copy.visitorId}
              </button>{' '}
              <button type="button" className="button button--quiet" onClick={() => setStep({ ...step, confirming: false })}>
                Cancel·la
              </button>
            </div>
          )}
        </section>
      )}

      {step.kind === 'erased' && (
        <section className="admin-result" aria-labelledby="visitor-erased-heading">
          <h3 id="visitor-erased-heading" ref={resultHeading} tabIndex={-1}>
            S'han esborrat les dades de <code>{step.erasure.visitorId}</code>
          </h3>
          <RowCountsList counts={step.erasure.deleted} />
        </section>
      )}
    </>
  );
}
