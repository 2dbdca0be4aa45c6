/** The browser entry of `interessos.js` (bundled by packages/sdk build.mjs into dist/tag-assets/). */
import { startInterestRecorder } from './interessos.js';

const page = window as unknown as { mesuraData?: { page?: { seccio?: unknown } } };

try {
  startInterestRecorder({
    path: () => location.pathname,
    section: () => {
      const section = page.mesuraData?.page?.seccio;
      return typeof section === 'string' ? section : undefined;
    },
    storage: localStorage,
    now: Date.now,
    listen: (event, listener) => addEventListener(event, listener),
  });
} catch {
  // localStorage refused (blocked site data): no profile, nothing else to do.
}
