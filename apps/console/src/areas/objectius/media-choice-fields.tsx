import { MEDIA_MOMENTS, MEDIA_STREAMS, type MediaMoment, type MediaStream } from '@mesura/protocol';
import { MEDIA_MOMENT_LABELS, MEDIA_STREAM_LABELS } from './media-choice';

interface MediaChoiceFieldsProps {
  /** The fields' ids start with it: `goal` gives `goal-moment` and `goal-stream`. */
  idPrefix: string;
  moment: MediaMoment;
  /** `''`: either. */
  stream: MediaStream | '';
  onChange: (next: { moment: MediaMoment; stream: MediaStream | '' }) => void;
}

/** A media goal's, step's or condition's moment (start or completion) and stream (live, on demand or either), chosen, not typed. */
export function MediaChoiceFields({ idPrefix, moment, stream, onChange }: MediaChoiceFieldsProps) {
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-moment`}>Moment</label>
        <select id={`${idPrefix}-moment`} value={moment} onChange={(event) => onChange({ moment: event.target.value as MediaMoment, stream })}>
          {MEDIA_MOMENTS.map((value) => (
            <option key={value} value={value}>
              {MEDIA_MOMENT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-stream`}>Emissió</label>
        <select id={`${idPrefix}-stream`} value={stream} onChange={(event) => onChange({ moment, stream: event.target.value as MediaStream | '' })}>
          {(['', ...MEDIA_STREAMS] as const).map((value) => (
            <option key={value} value={value}>
              {MEDIA_STREAM_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
