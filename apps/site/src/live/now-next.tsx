import type { Broadcast } from '@mesura/content';
import { formatClock } from './live-guide';

/** What is on and what comes next, with their times. */
export function NowNext({ now, next }: { now: Broadcast; next?: Broadcast }) {
  return (
    <dl className="now-next">
      <div className="now-next__item now-next__item--now">
        <dt>Ara</dt>
        <dd>
          <span className="now-next__title" data-broadcast-id={now.id}>
            {now.title}
          </span>{' '}
          <span className="meta">
            <time dateTime={now.start}>{formatClock(now.start)}</time>–<time dateTime={now.end}>{formatClock(now.end)}</time>
          </span>
        </dd>
      </div>
      {next !== undefined && (
        <div className="now-next__item">
          <dt>Després</dt>
          <dd>
            <span className="now-next__title">{next.title}</span>{' '}
            <span className="meta">
              <time dateTime={next.start}>{formatClock(next.start)}</time>
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The day's guide, the broadcast on air marked. */
export function GuideList({ entries, onAirId, label }: { entries: readonly Broadcast[]; onAirId: string; label: string }) {
  return (
    <ol className="guide" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="guide__entry" aria-current={entry.id === onAirId ? 'true' : undefined}>
          <time dateTime={entry.start}>{formatClock(entry.start)}</time> <span>{entry.title}</span>
          {entry.id === onAirId && <span className="guide__badge"> · Ara</span>}
        </li>
      ))}
    </ol>
  );
}
