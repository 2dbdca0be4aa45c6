/**
 * The browser's side of the ID-sync frame (id-sync.ts): a hidden iframe on the collector's origin,
 * whose messages are taken only from that frame and that origin, and posted to that origin only, so
 * that no other frame or page can answer for the collector or read what the page sends.
 */
import type { SyncFrame, SyncFrameEvents } from './id-sync.js';

export function openSyncFrame(url: string, events: SyncFrameEvents, doc: Document = document): SyncFrame {
  const origin = new URL(url).origin;
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.title = 'mesura id sync';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  const view = doc.defaultView;
  const onMessage = (event: MessageEvent) => {
    if (event.source === frame.contentWindow && event.origin === origin) events.message(event.data);
  };
  view?.addEventListener('message', onMessage);
  frame.addEventListener('load', () => events.loaded());
  frame.src = url;
  doc.body.appendChild(frame);
  return {
    post: (message) => frame.contentWindow?.postMessage(message, origin),
    remove: () => {
      view?.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}
