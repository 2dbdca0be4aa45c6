/**
 * Every area of the console, in the order of the navigation. The router builds one lazy route per
 * area (`/<path>/*`, so an area may have sub-routes) and the layout lists those the signed-in
 * person's role may open. Each `import()` is a chunk of its own in the Vite build.
 */
import { lazy } from 'react';
import type { ConsoleArea } from './area';

export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { path: 'audiencia', label: 'Audiència', minRole: 'analyst', component: lazy(() => import('../areas/audiencia/audiencia-area')) },
  { path: 'contingut', label: 'Contingut', minRole: 'analyst', component: lazy(() => import('../areas/contingut/contingut-area')) },
  { path: 'adquisicio', label: 'Adquisició', minRole: 'analyst', component: lazy(() => import('../areas/adquisicio/adquisicio-area')) },
  { path: 'cerca', label: 'Cerca interna', minRole: 'analyst', component: lazy(() => import('../areas/cerca/cerca-area')) },
  { path: 'interaccio', label: 'Interacció', minRole: 'analyst', component: lazy(() => import('../areas/interaccio/interaccio-area')) },
  { path: 'tecnologia', label: 'Tecnologia', minRole: 'analyst', component: lazy(() => import('../areas/tecnologia/tecnologia-area')) },
  { path: 'geografia', label: 'Geografia', minRole: 'analyst', component: lazy(() => import('../areas/geografia/geografia-area')) },
  { path: 'video-i-audio', label: 'Vídeo i àudio', minRole: 'analyst', component: lazy(() => import('../areas/video-i-audio/video-i-audio-area')) },
  { path: 'objectius', label: 'Objectius', minRole: 'analyst', component: lazy(() => import('../areas/objectius/objectius-area')) },
  { path: 'embuts', label: 'Embuts', minRole: 'analyst', component: lazy(() => import('../areas/embuts/embuts-area')) },
  { path: 'segments', label: 'Segments', minRole: 'analyst', component: lazy(() => import('../areas/segments/segments-area')) },
  { path: 'consentiment', label: 'Consentiment', minRole: 'analyst', component: lazy(() => import('../areas/consentiment/consentiment-area')) },
  { path: 'temps-real', label: 'Temps real', minRole: 'analyst', component: lazy(() => import('../areas/temps-real/temps-real-area')) },
  { path: 'taulers', label: 'Taulers', minRole: 'analyst', component: lazy(() => import('../areas/taulers/taulers-area')) },
  { path: 'avisos', label: 'Avisos i informes per correu', minRole: 'analyst', component: lazy(() => import('../areas/avisos/avisos-area')) },
  { path: 'experiments', label: 'Experiments', minRole: 'editor', component: lazy(() => import('../areas/experiments/experiments-area')) },
  { path: 'administracio', label: 'Administració', minRole: 'admin', component: lazy(() => import('../areas/administracio/administracio-area')) },
];

/** The area the console opens on (`/`): Audiència. */
export const HOME_AREA: ConsoleArea = CONSOLE_AREAS[0]!;
