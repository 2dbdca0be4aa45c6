import type { ApiFailure } from '../../api/api-answer';
import { apiFailureMessage } from '../../api/failure-message';

interface LoadFailureProps {
  /** What could not be read, as the start of a sentence: "No s'han pogut llegir els resultats." */
  what: string;
  failure: ApiFailure;
  onRetry: () => void;
}

/** A read that failed, with the reason and "Torna-ho a provar". */
export function LoadFailure({ what, failure, onRetry }: LoadFailureProps) {
  return (
    <div className="panel__error" role="alert">
      <p>
        {what} {apiFailureMessage(failure)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Torna-ho a provar
      </button>
    </div>
  );
}
