import { useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../content/media-items';
import { whenMediaApi } from '../player/media-api';
import { startPlayerSession, type PlayerSession, type PlayerState } from '../player/player-session';

const INITIAL: PlayerState = { phase: 'ready', tracked: false };

/**
 * The player of a video or audio page: the content's element, the ad player's element over it,
 * the play button until the first play, and the chapter list. The wiring is player/player-session.ts.
 */
export function MediaPlayer({ item }: { item: MediaItem }) {
  const content = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const adElement = useRef<HTMLVideoElement>(null);
  const session = useRef<PlayerSession | null>(null);
  const [state, setState] = useState<PlayerState>(INITIAL);

  useEffect(() => {
    if (!content.current) return;
    const started = startPlayerSession({ item, content: content.current, adElement: adElement.current, api: whenMediaApi(), onChange: setState });
    session.current = started;
    return () => {
      started.destroy();
      session.current = null;
      setState(INITIAL);
    };
  }, [item]);

  const Content = item.kind === 'audio' ? 'audio' : 'video';
  return (
    <figure className={`player player--${item.kind}`} data-media-tracking={state.tracked ? 'on' : 'off'} data-phase={state.phase}>
      <div className="player__stage">
        <Content ref={content} className="player__content" preload="metadata" controls={state.phase === 'content'} playsInline>
          {item.delivery === 'file' && <source src={item.src} type={item.type} />}
        </Content>
        {item.prerollVast.length > 0 && (
          <video ref={adElement} className="player__ad" hidden={state.phase !== 'ads'} playsInline aria-label="Anunci" />
        )}
        {state.phase === 'ads' && state.ad && (
          <p className="player__ad-label" role="status">
            Publicitat · {state.ad.title} ({state.ad.number} de {state.ad.count})
          </p>
        )}
        {state.phase === 'ready' && (
          <button type="button" className="player__play" onClick={() => void session.current?.play()}>
            Reprodueix
          </button>
        )}
      </div>
      {item.chapters.length > 0 && (
        <ol className="player__chapters" aria-label="Capítols">
          {item.chapters.map((chapter, index) => (
            <li key={chapter.name} aria-current={state.chapter === index ? 'true' : undefined}>
              {chapter.name} <span className="meta">({chapter.startTime} s)</span>
            </li>
          ))}
        </ol>
      )}
      <figcaption className="meta">{item.programme}</figcaption>
    </figure>
  );
}
