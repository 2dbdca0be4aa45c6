/**
 * What one process of a deployment does (MESURA_ROLE):
 * - `all`: everything, the one-process default;
 * - `collector`: the public measurement endpoints (beacons, heartbeats, personalisation
 *   delivery) and /healthz, its ingest log drained into the events store; nothing of the console;
 * - `api`: the site, the console and its APIs, without the measurement endpoints.
 */
export const SERVER_ROLES = ['all', 'collector', 'api'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];
