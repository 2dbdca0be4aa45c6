/** Where the dashboards' area is mounted in the console (shell/areas.ts). */
export const TAULERS_PATH = '/taulers';
