/**
 * `/mesura-media.js`: the media bootstrap in the browser (media-bootstrap.ts says what it does).
 * Apart from `/mesura.js`, so that only pages with a player pay for the tracker, and only with the
 * `video-analytics` vendor's consent (the property's `media tracker` rule loads it).
 */
import { startMediaBootstrap } from './media-bootstrap.js';
import { tcfMediaPrivacy } from './media-privacy.js';
import type { TcfApi } from './tcf-consent.js';

const page = window as unknown as Record<string, unknown> & Window;

startMediaBootstrap({
  window: page,
  page: location,
  timers: { setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (handle) => clearTimeout(handle as number) },
  privacy: (library) =>
    tcfMediaPrivacy({
      // Read when the library is there: the CMP installs `__tcfapi` before the SDK starts.
      tcfapi: (page.__tcfapi as TcfApi | undefined) ?? (() => undefined),
      isOptedOut: () => library.identity.isOptedOut(),
      log: (message) => console.warn(message),
    }),
  log: (message) => console.warn(message),
});
