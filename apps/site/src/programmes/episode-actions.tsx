import type { Episode, Programme } from '@mesura/content';
import { SaveForLaterButton } from '../account/save-for-later-button';
import { WatchOnTvButton } from '../engagement/watch-on-tv';
import { episodeDownloadDetail } from './episode-download';

/**
 * What a visitor can do with an episode besides playing it, each measured as its §7 call: save it
 * for later (scPerMesTard) and, for a video, watch it on a TV paired with /tv/ (scVeureATV).
 */
export function EpisodeActions({ episode, programme }: { episode: Episode; programme: Programme }) {
  // The page's address is added when the call is sent (measurement/direct-calls.ts).
  const detail = (id: string) => ({ ...episodeDownloadDetail(episode, programme, ''), identificadorClic: id });
  return (
    <section className="article-actions" aria-label="Accions de l'episodi">
      <SaveForLaterButton item={{ type: 'episode', id: episode.id, title: episode.title }} detail={detail('episodi-scPerMesTard')} />
      {episode.kind === 'video' && (
        <WatchOnTvButton media={{ kind: episode.kind, id: episode.id, title: episode.title, src: episode.src, type: episode.type, delivery: episode.delivery }} detail={detail('episodi-scVeureATV')} />
      )}
    </section>
  );
}
