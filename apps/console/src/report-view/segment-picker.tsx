import { useId, useState } from 'react';
import type { ReportScreenState } from './report-state';
import { useSegments } from './segments-api-context';

interface SegmentPickerProps {
  state: ReportScreenState;
  onChange: (next: ReportScreenState) => void;
}

/**
 * The segment every report follows (`s` in the URL, `s=` to the API), chosen by name among those
 * the person may apply, and a second one to see the same reports beside it (`vs`).
 */
export function SegmentPicker({ state, onChange }: SegmentPickerProps) {
  // Read when the picker is first used, or when the URL names a segment: a report screen asks nothing more until then.
  const [used, setUsed] = useState(false);
  const segments = useSegments(used || state.segment !== undefined || state.compareSegment !== undefined);
  const id = useId();
  const known = (value: string | undefined) => value === undefined || segments.some((s) => s.id === value);
  const options = (current: string | undefined) => [
    ...segments.map((segment) => (
      <option key={segment.id} value={segment.id}>
        {segment.name}
      </option>
    )),
    // A segment named by a shared link that this person cannot see stays shown, so that it can be removed.
    ...(known(current)
      ? []
      : [
          <option key={current} value={current}>
            {current}
          </option>,
        ]),
  ];
  return (
    <fieldset className="report-controls__presets" aria-label="Segments" onFocus={() => setUsed(true)} onPointerDown={() => setUsed(true)}>
      <label htmlFor={`${id}-s`}>Segment</label>
      <select
        id={`${id}-s`}
        value={state.segment ?? ''}
        onChange={(event) => onChange({ ...state, segment: event.target.value || undefined, ...(event.target.value === '' && { compareSegment: undefined }) })}
      >
        <option value="">Tots els visitants</option>
        {options(state.segment)}
      </select>
      <label htmlFor={`${id}-vs`}>Compara amb el segment</label>
      <select id={`${id}-vs`} value={state.compareSegment ?? ''} onChange={(event) => onChange({ ...state, compareSegment: event.target.value || undefined })}>
        <option value="">Cap</option>
        {options(state.compareSegment)}
      </select>
    </fieldset>
  );
}
