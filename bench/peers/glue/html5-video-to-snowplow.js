// Snowplow's media plugin has an API and no player adapter: the page wires each HTML5 <video> to it,
// as its documentation's HTML5 example does. Mesura's /mesura-media.js brings its adapters (HTML5,
// hls.js), so the comparison counts this wiring on Snowplow's side.
import {
  startMediaTracking,
  trackMediaBufferEnd,
  trackMediaBufferStart,
  trackMediaEnd,
  trackMediaError,
  trackMediaPause,
  trackMediaPlay,
  trackMediaSeekEnd,
  trackMediaSeekStart,
  trackMediaVolumeChange,
  updateMediaTracking,
} from '@snowplow/browser-plugin-media';

/** The share of the content after which a progress event is sent, in percent. */
const PROGRESS_BOUNDARIES_PERCENT = [10, 25, 50, 75];
/** Snowplow's player entity states the volume in percent; the element has 0…1. */
const VOLUME_PERCENT = 100;

function playerState(video) {
  return {
    currentTime: video.currentTime,
    duration: Number.isFinite(video.duration) ? video.duration : null,
    ended: video.ended,
    paused: video.paused,
    muted: video.muted,
    volume: Math.round(video.volume * VOLUME_PERCENT),
    playbackRate: video.playbackRate,
  };
}

/** Tracks every <video> of the page with the media plugin (registered on the tracker beforehand). */
export function trackHtml5Videos() {
  document.querySelectorAll('video').forEach((video, index) => {
    const id = `video-${index}`;
    let volume = playerState(video).volume;
    startMediaTracking({
      id,
      player: { ...playerState(video), mediaType: 'video', playerType: 'html5', label: video.title },
      boundaries: PROGRESS_BOUNDARIES_PERCENT,
    });
    const on = (type, track) => video.addEventListener(type, () => track({ id, player: playerState(video) }));
    on('play', trackMediaPlay);
    on('pause', trackMediaPause);
    on('ended', trackMediaEnd);
    on('seeking', trackMediaSeekStart);
    on('seeked', trackMediaSeekEnd);
    on('waiting', trackMediaBufferStart);
    on('playing', trackMediaBufferEnd);
    on('timeupdate', updateMediaTracking);
    video.addEventListener('volumechange', () => {
      const player = playerState(video);
      trackMediaVolumeChange({ id, player, previousVolume: volume, newVolume: player.volume });
      volume = player.volume;
    });
    video.addEventListener('error', () => trackMediaError({ id, player: playerState(video), errorCode: String(video.error?.code ?? ''), errorDescription: video.error?.message }));
  });
}
