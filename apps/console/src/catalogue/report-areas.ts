/** The catalogue's areas as the console names them, in the order it shows them (server area id → Catalan). */
export const REPORT_AREAS: readonly { id: string; path: string; label: string }[] = [
  { id: 'audience', path: 'audiencia', label: 'Audiència' },
  { id: 'content', path: 'contingut', label: 'Contingut' },
  { id: 'acquisition', path: 'adquisicio', label: 'Adquisició' },
  { id: 'search', path: 'cerca', label: 'Cerca interna' },
  { id: 'engagement', path: 'interaccio', label: 'Interacció' },
  { id: 'technology', path: 'tecnologia', label: 'Tecnologia' },
  { id: 'media', path: 'video-i-audio', label: 'Vídeo i àudio' },
  { id: 'consent', path: 'consentiment', label: 'Consentiment' },
];
