/**
 * The ID-sync frame's wire (spec §7 "Visitor identity: messages posted to an ID-sync frame"): a
 * page on one of the broadcaster's domains loads `{collector}/id/sync` in a hidden frame and talks
 * to it with postMessage. The browser side is @mesura/identity's id-sync.ts, the frame and its
 * endpoint the server's identity/id-sync-frame.ts; both read these, so that neither can drift.
 *
 * 1. The page, once the frame has loaded, posts `hello`; the frame answers `ready` (the handshake).
 * 2. The page posts `sync` with `data`, its own visitor id; the frame answers `id` with the
 *    collector's id, which is the page's if the collector had none yet.
 */

/** The frame's page on the collector; `POST` to the same path links the page's id (text body). */
export const ID_SYNC_PATH = '/id/sync';

/**
 * §9 "sync data max length 649": the most characters a `sync` message's `data` may have. The page
 * sends nothing longer; the frame and the endpoint refuse it.
 */
export const ID_SYNC_DATA_MAX_LENGTH = 649;

/** The `type` of each message, page → frame (`hello`, `sync`) and frame → page (`ready`, `id`). */
export const ID_SYNC_MESSAGES = {
  hello: 'mesura:id-sync:hello',
  ready: 'mesura:id-sync:ready',
  sync: 'mesura:id-sync',
  id: 'mesura:id',
} as const;
