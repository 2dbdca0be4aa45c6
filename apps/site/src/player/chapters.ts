/**
 * Which chapter the playhead is in, and the chapter calls a move asks for (spec §4 "a new chapter
 * skips the current one"): playing on into the next chapter completes the open one, a seek into
 * another skips it, and playing past the last completes it. Pure; the player session applies it.
 */
import type { Chapter } from '@mesura/content';

export type ChapterCall = { call: 'start'; index: number; chapter: Chapter } | { call: 'complete'; index: number } | { call: 'skip'; index: number };

/** The index of the chapter holding `seconds`; the last one holds its end. Undefined outside them all. */
export function chapterAt(chapters: readonly Chapter[], seconds: number): number | undefined {
  const index = chapters.findIndex((chapter, i) => {
    const end = chapter.startTime + chapter.length;
    return seconds >= chapter.startTime && (seconds < end || (i === chapters.length - 1 && seconds === end));
  });
  return index < 0 ? undefined : index;
}

/** The calls that take the open chapter (`open`) to the one at `seconds`, moved there by play or by a seek. */
export function chapterCalls(chapters: readonly Chapter[], open: number | undefined, seconds: number, by: 'play' | 'seek'): ChapterCall[] {
  const next = chapterAt(chapters, seconds);
  if (next === open) return [];
  const calls: ChapterCall[] = [];
  if (open !== undefined) calls.push({ call: by === 'seek' ? 'skip' : 'complete', index: open });
  if (next !== undefined) calls.push({ call: 'start', index: next, chapter: chapters[next]! });
  return calls;
}
