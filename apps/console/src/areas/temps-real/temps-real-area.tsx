/**
 * The Temps real area: the last 30 minutes of the site, pushed by the server every few seconds
 * over server-sent events (`GET /api/reports/realtime/stream`).
 */
import { RealtimePanel } from './realtime-panel';
import { openBrowserEventSource } from './use-realtime-stream';
import './temps-real.css';

export default function TempsRealArea() {
  return (
    <>
      <title>Temps real · Mesura · Consola</title>
      <h1>Temps real</h1>
      <RealtimePanel openStream={openBrowserEventSource} />
    </>
  );
}
