/**
 * What follows the content's playhead for the player session: its chapters (opened at the first
 * frame, moved by play or by a seek) and its midrolls (due when playing runs across their offset).
 * Listeners are added before the tracker's, so that the last chapter completes before the content.
 */
import type { Chapter } from '@mesura/content';
import { dueMidroll, type ScheduledBreak } from './ad-schedule';
import { chapterCalls, type ChapterCall } from './chapters';

type Listeners = [string, () => void][];

function listen(target: EventTarget, listeners: Listeners): () => void {
  for (const [type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) target.removeEventListener(type, listener);
  };
}

export function followChapters(chapters: readonly Chapter[], content: HTMLMediaElement, apply: (calls: ChapterCall[]) => void): () => void {
  let open: number | undefined;
  const move = (by: 'play' | 'seek') => {
    if (chapters.length === 0 || (by === 'play' && (content.seeking || (content.paused && !content.ended)))) return;
    const calls = chapterCalls(chapters, open, content.currentTime, by);
    if (calls.length === 0) return;
    open = calls.find((call) => call.call === 'start')?.index;
    apply(calls);
  };
  const onPlay = () => move('play');
  return listen(content, [
    ['playing', onPlay],
    ['timeupdate', onPlay],
    ['ended', onPlay],
    ['seeked', () => move('seek')],
  ]);
}

/** Calls `due` with each midroll playing reaches; each once. A seek moves the playhead without playing. */
export function followMidrolls(breaks: readonly ScheduledBreak[], content: HTMLMediaElement, due: (adBreak: ScheduledBreak) => void): () => void {
  const played = new Set<number>();
  let last = content.currentTime;
  const onTime = () => {
    if (content.seeking) return;
    const now = content.currentTime;
    const adBreak = content.paused && !content.ended ? undefined : dueMidroll(breaks, played, last, now);
    last = now;
    if (!adBreak) return;
    played.add(adBreak.info.position);
    due(adBreak);
  };
  return listen(content, [
    ['timeupdate', onTime],
    ['seeked', () => void (last = content.currentTime)],
  ]);
}
