import { useState, type FormEvent } from 'react';
import { rangeProblem, type RangeProblem } from '../reports/date-range';
import type { DateRange } from '../reports/report-types';

const PROBLEM_MESSAGES: Record<RangeProblem, string> = {
  'invalid-day': 'Indiqueu dues dates vàlides.',
  'from-after-to': 'La data «Des de» ha de ser anterior o igual a «Fins a».',
};

interface DateRangeFormProps {
  /** The range being shown; the inputs start from it. Remount (key) the form when it changes. */
  range: DateRange;
  onApply: (range: DateRange) => void;
}

export function DateRangeForm({ range, onApply }: DateRangeFormProps) {
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<RangeProblem | undefined>(undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (found === undefined) onApply(draft);
  }

  return (
    <form className="range-form" onSubmit={onSubmit} noValidate>
      <div className="range-form__field">
        <label htmlFor="des-de">Des de</label>
        <input
          id="des-de"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'range-problem'}
        />
      </div>
      <div className="range-form__field">
        <label htmlFor="fins-a">Fins a</label>
        <input
          id="fins-a"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : 'range-problem'}
        />
      </div>
      <button type="submit">Mostra</button>
      {problem !== undefined && (
        <p id="range-problem" className="range-form__problem" role="alert">
          {PROBLEM_MESSAGES[problem]}
        </p>
      )}
    </form>
  );
}
