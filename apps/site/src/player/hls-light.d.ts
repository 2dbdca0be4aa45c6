// hls.js ships no types for its light build (no subtitles, alternate audio or DRM, which the
// site's streams do not use); its API is the full build's.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
