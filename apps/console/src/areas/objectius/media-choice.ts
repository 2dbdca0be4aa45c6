/** A media goal's, step's or condition's moment and stream: their Catalan names, the phrase that says them, and the fields a form's choice makes. */
import type { MediaCondition, MediaMoment, MediaStream } from '@mesura/protocol';

/** Each moment as an editor chooses it. */
export const MEDIA_MOMENT_LABELS: Readonly<Record<MediaMoment, string>> = {
  start: 'Inici',
  complete: 'Final (vist sencer)',
};

/** Each stream as an editor chooses it; `''` is either. */
export const MEDIA_STREAM_LABELS: Readonly<Record<MediaStream | '', string>> = {
  '': 'Qualsevol',
  live: 'En directe',
  'on-demand': 'A la carta',
};

/** What a media goal, step or condition asks, in one phrase: «Acaba un vídeo o àudio a la carta (programa prog-1)». */
export function mediaSummary(media: MediaCondition): string {
  const verb = media.moment === 'complete' ? 'Acaba' : 'Comença';
  const stream = media.stream === undefined ? '' : ` ${MEDIA_STREAM_LABELS[media.stream].toLowerCase()}`;
  const of = [media.programme && `programa ${media.programme}`, media.channel && `canal ${media.channel}`].filter(Boolean).join(', ');
  return `${verb} un vídeo o àudio${stream}${of === '' ? '' : ` (${of})`}`;
}

/** The definition's fields of a form's choice: the defaults (start, either) left out, as a definition made before the choice had them. */
export function mediaChoiceFields(moment: MediaMoment, stream: MediaStream | ''): Pick<MediaCondition, 'moment' | 'stream'> {
  return { ...(moment !== 'start' && { moment }), ...(stream !== '' && { stream }) };
}
