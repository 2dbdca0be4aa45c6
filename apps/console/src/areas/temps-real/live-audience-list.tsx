import { countOrHidden } from './realtime-format';
import type { RealtimeLiveSource } from '@mesura/protocol';

interface LiveAudienceListProps {
  heading: string;
  /** What one of them is called: "espectadors", "oients". */
  unit: string;
  sources: RealtimeLiveSource[];
  minCohort: number;
}

/** Viewers per TV channel, or listeners per radio station, now. */
export function LiveAudienceList({ heading, unit, sources, minCohort }: LiveAudienceListProps) {
  return (
    <div className="realtime-audience">
      <h3>{heading}</h3>
      <ul className="realtime-audience__list">
        {sources.map((source) => (
          <li key={source.slug} className="realtime-audience__item">
            <span>{source.name}</span>
            <span className="numeric">
              {countOrHidden(source.viewers, minCohort)} {unit}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
