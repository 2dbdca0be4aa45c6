/** The browser entry of `lectura-completa.js` (bundled by packages/sdk build.mjs into dist/tag-assets/). */
import { startReadToEnd } from './lectura-completa.js';

type LinkInput = Parameters<Parameters<typeof startReadToEnd>[0]['send']>[0];
const page = window as unknown as { mesura?: { analytics?: { link?(input: LinkInput): void } } };

startReadToEnd({
  root: document,
  watch: (onAdded) => new MutationObserver(onAdded).observe(document.body, { childList: true, subtree: true }),
  whenSeen: (element, onSeen) => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onSeen();
    });
    observer.observe(element);
  },
  send: (input) => page.mesura?.analytics?.link?.(input),
  href: () => location.href,
});
