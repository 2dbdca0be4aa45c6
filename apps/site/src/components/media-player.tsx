import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import '../player/player.css';
import { AdOverlay } from '../player/ad-overlay';
import { ChapterList } from '../player/chapter-list';
import { toggleFullscreen, toggleMute, togglePlay } from '../player/element-actions';
import { playerKeyAction, type PlayerKeyAction } from '../player/keyboard';
import { whenMediaApi } from '../player/media-api';
import type { PlayableMedia } from '../player/playable-media';
import { PlayerController } from '../player/player-controller';
import { PlayerControls } from '../player/player-controls';
import { startPlayerSession, type PlayerSession, type PlayerState } from '../player/player-session';
import { seekMarks } from '../player/seek-marks';
import { useMediaChrome } from '../player/use-media-chrome';

const INITIAL: PlayerState = { phase: 'ready', tracked: false };

/** The media to play (playable-media.ts maps an episode onto it). */
export interface MediaPlayerProps {
  media: PlayableMedia;
}

/**
 * The player of a video or audio page: the content's element in media-chrome's controller, the ad
 * player's element and its overlay over it, the play button until the first play, then the control
 * bar over the picture, and the chapters. Keys work while the focus is in the player
 * (player/keyboard.ts). The wiring is player-session.ts.
 */
export function MediaPlayer({ media }: MediaPlayerProps) {
  useMediaChrome();
  const figure = useRef<HTMLElement>(null);
  const content = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const adElement = useRef<HTMLVideoElement>(null);
  const session = useRef<PlayerSession | null>(null);
  const [state, setState] = useState<PlayerState>(INITIAL);
  // The session follows one media: a new one only when the media itself changes.
  const item = useSameMedia(media);
  const chapterAfterAds = useChapterAfterAds(content, state.phase);

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

  const act = (action: PlayerKeyAction) => runAction(action, { content: content.current, figure: figure.current, session: session.current, state });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (state.phase !== 'content') return;
    const target = event.target as HTMLElement;
    const action = playerKeyAction({ key: event.key, targetTag: target.tagName, targetRole: target.getAttribute('role') ?? undefined, modifier: event.ctrlKey || event.metaKey || event.altKey });
    if (!action) return;
    event.preventDefault();
    act(action);
  };

  const Content = media.kind === 'audio' ? 'audio' : 'video';
  const hasAds = media.adBreaks.some((adBreak) => adBreak.vast.length > 0);
  const playing = state.phase === 'content';
  return (
    <figure ref={figure} className={`player player--${media.kind}`} data-media-tracking={state.tracked ? 'on' : 'off'} data-phase={state.phase} onKeyDown={onKeyDown}>
      <div className="player__stage">
        <PlayerController fullscreenTarget={figure} gestures={playing} audio={media.kind === 'audio'}>
          <Content
            ref={content}
            slot="media"
            className="player__content"
            preload="metadata"
            poster={media.kind === 'video' ? media.poster : undefined}
            playsInline
            tabIndex={playing ? 0 : -1}
            aria-label={`Reproductor: ${media.title}`}
          >
            {media.delivery === 'file' && <source src={media.src} type={media.type} />}
            {media.subtitles && <track kind="subtitles" srcLang="ca" label="Català" src={media.subtitles} />}
          </Content>
          {playing && (
            <PlayerControls
              video={media.kind === 'video'}
              marks={seekMarks({ chapters: media.chapters, adBreaks: media.adBreaks, durationSeconds: media.lengthSeconds })}
              subtitles={state.subtitles}
              onToggleSubtitles={() => act({ action: 'toggle-subtitles' })}
              quality={state.quality}
              onChooseLevel={(level) => session.current?.setLevel(level)}
            />
          )}
        </PlayerController>
        {/* biome-ignore lint/a11y/useMediaCaption: the ads' VAST names no captions file (vast.ts reads their MediaFile only), so an ad has no track to give. */}
        {hasAds && <video ref={adElement} className="player__ad" hidden={state.phase !== 'ads'} playsInline aria-label="Anunci" />}
        {state.phase === 'ads' && state.ad && <AdOverlay ad={state.ad} element={adElement.current} onSkip={() => session.current?.skipAd()} />}
        {state.phase === 'ready' && (
          <button type="button" className="player__play" onClick={() => void session.current?.play()}>
            Reprodueix
          </button>
        )}
      </div>
      <ChapterList
        chapters={media.chapters}
        current={state.chapter}
        onSeek={(seconds) => (state.phase === 'ads' ? chapterAfterAds(seconds) : seekChapter(content.current, session.current, seconds, state.phase))}
      />
      <figcaption className="meta">{media.programme}</figcaption>
    </figure>
  );
}

interface ActionTarget {
  content: HTMLMediaElement | null;
  figure: HTMLElement | null;
  session: PlayerSession | null;
  state: PlayerState;
}

function runAction(action: PlayerKeyAction, { content, figure, session, state }: ActionTarget): void {
  if (!content) return;
  switch (action.action) {
    case 'toggle-play':
      return togglePlay(content);
    case 'seek-by':
      return seekTo(content, content.currentTime + action.seconds);
    case 'toggle-mute':
      return toggleMute(content);
    case 'toggle-subtitles':
      if (state.subtitles !== undefined) session?.setSubtitles(!state.subtitles);
      return;
    case 'toggle-fullscreen':
      return toggleFullscreen(figure);
  }
}

/** Moves the playhead, within the media. */
function seekTo(content: HTMLMediaElement | null, seconds: number): void {
  if (!content) return;
  const end = Number.isFinite(content.duration) ? content.duration : Number.POSITIVE_INFINITY;
  content.currentTime = Math.min(Math.max(0, seconds), end);
}

/**
 * A chapter's button: moves the playhead to the chapter; before the first play it also starts
 * playback there (through the preroll, as a first play always goes).
 */
function seekChapter(content: HTMLMediaElement | null, session: PlayerSession | null, seconds: number, phase: PlayerState['phase']): void {
  seekTo(content, seconds);
  if (phase === 'ready') void session?.play();
}

/**
 * The media as the session knows it: the same object until another media (another id or address)
 * comes. The page maps its episode onto a new object at each render (playable-media.ts), and a
 * new object of the same media must not restart the session: its ads, its measurement, its place.
 * Kept in state and replaced while rendering (React's way to follow a prop), so that the session
 * restarts in the same commit as the new media.
 */
function useSameMedia(media: PlayableMedia): PlayableMedia {
  const [item, setItem] = useState(media);
  if (media.id !== item.id || media.src !== item.src) {
    setItem(media);
    return media;
  }
  return item;
}

/**
 * A chapter chosen while an ad break plays: the content's playhead is left alone under the ads
 * (the break is measured where it began) and moves to the chapter once the content resumes, so
 * that the button does what it says instead of nothing. The latest choice wins.
 */
function useChapterAfterAds(content: { current: HTMLMediaElement | null }, phase: PlayerState['phase']): (seconds: number) => void {
  const chosen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (phase !== 'content' || chosen.current === undefined) return;
    seekTo(content.current, chosen.current);
    chosen.current = undefined;
  }, [content, phase]);
  return (seconds) => {
    chosen.current = seconds;
  };
}
