import type { Episode, Programme } from '@mesura/content';
import { useEffect, useState } from 'react';
import { DownloadLink } from '../engagement/download-link';
import type { LinkCallDetail } from '../measurement/direct-calls';

/** The §7 link variables of a download from an episode's page. */
export function episodeDownloadDetail(episode: Episode, programme: Programme, pageUrl: string): LinkCallDetail {
  return {
    linkText: `Descarrega «${episode.title}»`,
    url: pageUrl,
    programa: programme.code,
    areaTematica: episode.themes.join(','),
    identificadorClic: 'episodi-scDescarregar',
    titolContingut: episode.title,
    formatContingut: episode.kind,
    idDeliverty: episode.id,
    tematica: programme.genre,
    tipusEmisio: 'a la carta',
    canal: programme.channel,
    tipusContingut: episode.kind,
    seccio: 'programes',
    subseccio: programme.slug,
  };
}

/**
 * A podcast episode's download, the real audio file. The page's address is known only in the
 * browser: the detail starts with the path the server rendered and takes the full URL once mounted.
 */
export function EpisodeDownload({ episode, programme, path }: { episode: Episode; programme: Programme; path: string }) {
  // The browser's address, for the path it was read on: another episode shown by the same
  // component starts again from its own path.
  const [page, setPage] = useState({ path, url: path });
  useEffect(() => setPage({ path, url: window.location.href }), [path]);
  const pageUrl = page.path === path ? page.url : path;
  if (episode.download === undefined) return null;
  const extension = episode.download.path.split('.').pop() ?? 'audio';
  return (
    <p className="episode-download">
      <DownloadLink
        href={episode.download.path}
        label="Descarrega l'episodi"
        fileName={`${episode.id}.${extension}`}
        bytes={episode.download.bytes}
        detail={episodeDownloadDetail(episode, programme, pageUrl)}
      />
    </p>
  );
}
