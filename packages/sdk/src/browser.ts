/**
 * The bundle's entry point: starts the SDK on the real page and replaces the inline snippet's
 * queue (`window.mesura.q`) with the real `window.mesura`, replaying the calls made before it
 * arrived, each with the data layer it was made with.
 */
import { replayQueue, type SnippetQueue } from './command-queue.js';
import { ALLOW_ALL } from './consent-gate.js';
import { ACTIVITY_MAP_FILE } from './constants.js';
import type { MesuraGlobal } from './mesura-global.js';
import { adoptIncomingVisitor, startMesura } from './start.js';

function start(): void {
  const config = typeof window.mesuraConfig === 'object' && window.mesuraConfig ? window.mesuraConfig : {};
  // The module is served beside this bundle, wherever the page loaded it from.
  const script = document.currentScript as HTMLScriptElement | null;
  const activityMapScriptUrl = new URL(ACTIVITY_MAP_FILE, script?.src || location.href).href;
  const mesura = startMesura({ config, consent: ALLOW_ALL, activityMapScriptUrl });
  adoptIncomingVisitor(mesura.allowed());
  const queue = window.mesura as SnippetQueue | undefined;
  const track = (name: string, detail?: Record<string, unknown>) => mesura.runtime.track(name, detail);
  const global: MesuraGlobal = { track, analytics: mesura.analytics, identity: mesura.identity, config };
  window.mesura = global;
  mesura.runtime.start();
  replayQueue(queue, track, { get: () => window.mesuraData, set: (value) => (window.mesuraData = value) });
}

start();
