/**
 * The marks on the seek bar: where each chapter starts and where each ad break plays. Drawn over
 * media-chrome's time range and hidden from screen readers, who have the chapter list (its buttons
 * name each chapter and its time) and hear each ad announced as it starts.
 */
import type { Chapter } from '@mesura/content';

export interface SeekMark {
  kind: 'chapter' | 'ad';
  /** From 0 (the start) to 100 (the end) of the bar. */
  percent: number;
  /** The mark's tooltip: the chapter's name, or "Publicitat". */
  label: string;
}

export interface SeekMarkSource {
  chapters: readonly Pick<Chapter, 'name' | 'startTime'>[];
  adBreaks: readonly { offsetSeconds: number; vast: readonly string[] }[];
  durationSeconds: number;
}

/**
 * The marks, pure. A mark at 0 s says nothing the bar's start does not (the first chapter, the
 * preroll), and a break without ads or past the end plays nothing there, so neither is drawn.
 */
export function seekMarks({ chapters, adBreaks, durationSeconds }: SeekMarkSource): SeekMark[] {
  if (!(durationSeconds > 0)) return [];
  const percent = (seconds: number) => (seconds / durationSeconds) * 100;
  const inside = (seconds: number) => seconds > 0 && seconds < durationSeconds;
  const chapterMarks = chapters.filter((chapter) => inside(chapter.startTime)).map((chapter): SeekMark => ({ kind: 'chapter', percent: percent(chapter.startTime), label: chapter.name }));
  const adMarks = adBreaks
    .filter((adBreak) => adBreak.vast.length > 0 && inside(adBreak.offsetSeconds))
    .map((adBreak): SeekMark => ({ kind: 'ad', percent: percent(adBreak.offsetSeconds), label: 'Publicitat' }));
  return [...chapterMarks, ...adMarks].sort((a, b) => a.percent - b.percent);
}

export function SeekMarks({ marks }: { marks: readonly SeekMark[] }) {
  if (marks.length === 0) return null;
  return (
    <div className="player__marks" aria-hidden="true">
      {marks.map((mark) => (
        <span key={`${mark.kind}-${mark.percent}`} className={`player__mark player__mark--${mark.kind}`} style={{ left: `${mark.percent}%` }} title={mark.label} />
      ))}
    </div>
  );
}
