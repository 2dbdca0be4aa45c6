// The HLS playlists of one video episode, as text: a master listing the renditions, and per
// rendition a VOD media playlist that repeats its programme's stretch of segments until the
// episode's length. Each repeat starts with EXT-X-DISCONTINUITY (the segments' own timestamps
// start again from zero, and hls.js places them by the playlist instead), as the live loop does
// (server/src/live/live-playlist.ts). Pure, so a unit test reads the playlists without ffmpeg.

/**
 * @param {{ segmentSeconds: number, stretchSegments: number, lengthSeconds: number, stretchUri: string }} options
 *   stretchUri: the rendition's folder of the programme's stretch, relative to the episode's folder.
 * @returns {string}
 */
export function mediaPlaylist({ segmentSeconds, stretchSegments, lengthSeconds, stretchUri }) {
  const count = Math.ceil(lengthSeconds / segmentSeconds);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${segmentSeconds}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (let n = 0; n < count; n++) {
    const index = n % stretchSegments;
    if (index === 0) {
      if (n > 0) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXT-X-MAP:URI="${stretchUri}/init.mp4"`);
    }
    const seconds = Math.min(segmentSeconds, lengthSeconds - n * segmentSeconds);
    lines.push(`#EXTINF:${seconds.toFixed(6)},`, `${stretchUri}/segment-${index}.m4s`);
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * @param {{ renditions: { name: string, width: number, height: number, peakBitsPerSecond: number }[], frameRate: number, codecs: string, uriOf?: (name: string) => string }} options
 *   renditions lowest first, as hls.js lists its levels; uriOf: a rendition's media playlist (an
 *   episode's sit beside its master, a live channel's in a folder each, as the live server reads them).
 * @returns {string}
 */
export function masterPlaylist({ renditions, frameRate, codecs, uriOf = (name) => `${name}.m3u8` }) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const { name, width, height, peakBitsPerSecond } of renditions) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${peakBitsPerSecond},RESOLUTION=${width}x${height},FRAME-RATE=${frameRate.toFixed(3)},CODECS="${codecs}"`, uriOf(name));
  }
  return `${lines.join('\n')}\n`;
}
