/**
 * What the players' keys do to the media element or the page, written once for both players. Each
 * acts on the element itself, so the media tracker sees the element's own events, as for a click.
 */

export function togglePlay(media: HTMLMediaElement): void {
  if (media.paused) void media.play().catch(() => undefined);
  else media.pause();
}

export function toggleMute(media: HTMLMediaElement): void {
  media.muted = !media.muted;
}

/** Full screen for `target` (the player's figure), or out of it. */
export function toggleFullscreen(target: HTMLElement | null): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void target?.requestFullscreen?.().catch(() => undefined);
}
