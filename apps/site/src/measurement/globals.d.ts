import type { DataLayer, MesuraCommandQueue } from './data-layer-types';

// The only browser globals the site shares with the Mesura SDK. The inline snippet in index.html
// defines `mesura` and `mesuraConfig`; the site writes `mesuraData`.
declare global {
  interface Window {
    /** Command queue from the snippet, replaced by the SDK once /mesura.js has loaded. */
    mesura?: MesuraCommandQueue;
    /** Data layer of the current page, rewritten before every page-view call. */
    mesuraData?: DataLayer;
    /** SDK configuration the server injects into index.html; the site reads only `mediaNamespace` (player/media-api.ts). */
    mesuraConfig?: Record<string, unknown>;
  }
}
