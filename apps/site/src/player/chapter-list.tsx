import type { Chapter } from '@mesura/content';

/** The chapters as buttons: each moves the playhead to its start (the session tracks the skip). */
export function ChapterList({ chapters, current, onSeek }: { chapters: readonly Chapter[]; current?: number; onSeek: (seconds: number) => void }) {
  if (chapters.length === 0) return null;
  return (
    <ol className="player__chapters" aria-label="Capítols">
      {chapters.map((chapter, index) => (
        <li key={chapter.name}>
          <button type="button" aria-current={current === index ? 'true' : undefined} onClick={() => onSeek(chapter.startTime)}>
            {chapter.name} <span className="meta">({formatClock(chapter.startTime)})</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Seconds as m:ss. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
