/**
 * `/mesura-id-sync.js`: the ID-sync frame's page side (@mesura/identity's id-sync.ts), loaded by
 * /mesura.js once the throttle start (30000 ms) has passed and a sync is due (cross-domain-visitor.ts),
 * so it opens the frame at once. It syncs this page's visitor id (`window.mesura.identity`) with
 * the collector (`mesuraConfig.collector`, else this origin) while web analytics stays allowed
 * (`window.mesura.allowed()`); a visitor who still has no id here takes the collector's.
 */
import { adoptCollectorId, documentCookieJar, openSyncFrame, startIdSync } from '@mesura/identity';
import type { MesuraGlobal } from './mesura-global.js';

function start(): void {
  const library = window.mesura as Partial<MesuraGlobal> | undefined;
  if (typeof library?.allowed !== 'function' || !library.identity) return;
  const { identity } = library;
  const allowed = library.allowed;
  const jar = documentCookieJar();
  const secure = location.protocol === 'https:';
  startIdSync({
    collectorOrigin: new URL(library.config?.collector || location.origin).origin,
    data: () => identity.visitorId(),
    allowed,
    jar,
    secure,
    delayMs: 0,
    openFrame: (url, events) => openSyncFrame(url, events),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    done: (outcome) => void (outcome.synced && allowed() && adoptCollectorId(jar, outcome.visitorId, secure)),
  });
}

start();
