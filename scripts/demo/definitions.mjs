// The goals, funnels and segments the demo defines, as a newsroom's analysts would: each is reached
// by the demo's own traffic (page-calls.mjs, page-choice.mjs, media-sessions.mjs, places.mjs), so
// that every goal, funnel and segment report of the console has rows above the minimum cohort.

/** Where the demo's pages live (site-pages.mjs): page goals and steps name their addresses. */
const SITE = 'https://www.mesura.cat';

/** Goals (docs/goals.md), kept first: the funnels and segments below name some of them. */
export const DEMO_GOALS = [
  // The call to action the site sends once the newsletter address is taken (page-calls.mjs).
  { id: 'subscripcio-butlleti', name: 'Subscripció al butlletí', type: 'newsletter' },
  // scCompartir is event 3 (spec §9), from articles, players and the quiz.
  { id: 'compartir', name: 'Compartir', type: 'call', call: '3' },
  { id: 'participar-enquesta', name: 'Participar en una enquesta', type: 'call', call: '15' },
  // Any player's start, and a live one: the session's heartbeats say its stream type (docs/goals.md "Media goals").
  { id: 'reproduir-media', name: 'Reproduir un vídeo o un àudio', type: 'media' },
  { id: 'veure-directe', name: 'Veure un directe', type: 'media', stream: 'live' },
  { id: 'consultar-el-temps', name: 'Consultar el temps', type: 'page', url: `${SITE}/el-temps/*`, match: 'pattern' },
  { id: 'cercar', name: 'Fer una cerca', type: 'search' },
];

/** Funnels (docs/funnels.md): journeys the demo's visitors take, through the home page's links. */
export const DEMO_FUNNELS = [
  {
    id: 'portada-noticia-compartir',
    name: 'De la portada a compartir una notícia',
    scope: 'visit',
    steps: [
      { type: 'page', name: 'Portada', url: `${SITE}/`, match: 'exact' },
      { type: 'page', name: 'Notícia', url: `${SITE}/noticia/*`, match: 'pattern' },
      { type: 'goal', name: 'Compartir', goal: 'compartir' },
    ],
  },
  {
    id: 'portada-directe',
    name: 'De la portada al directe',
    scope: 'visit',
    steps: [
      { type: 'page', name: 'Portada', url: `${SITE}/`, match: 'exact' },
      { type: 'page', name: 'Notícia', url: `${SITE}/noticia/*`, match: 'pattern' },
      { type: 'page', name: 'Pàgina de directe', url: `${SITE}/directes/*`, match: 'pattern' },
      { type: 'media', name: 'Reproducció del directe' },
    ],
  },
  {
    id: 'lector-butlleti',
    name: "De llegir a subscriure's en una setmana",
    scope: 'days',
    days: 7,
    steps: [
      { type: 'page', name: 'Notícia', url: `${SITE}/noticia/*`, match: 'pattern' },
      { type: 'goal', name: 'Subscripció al butlletí', goal: 'subscripcio-butlleti' },
    ],
  },
];

const condition = (attribute, value) => ({ type: 'visit', attribute, value });

/** Segments (docs/segments.md), shared with the team: values as the store keeps them (`mobile`, `Catalonia`, `cercadors`). */
export const DEMO_SEGMENTS = [
  {
    id: 'mobil-catalunya',
    name: 'Mòbil des de Catalunya',
    shared: true,
    match: 'all',
    groups: [{ match: 'all', conditions: [condition('device', 'mobile'), condition('region', 'Catalonia')] }],
  },
  { id: 'visitants-cercadors', name: 'Visitants de cercadors', shared: true, match: 'all', groups: [{ match: 'all', conditions: [condition('referrer_group', 'cercadors')] }] },
  {
    id: 'espectadors-directe',
    name: 'Espectadors del directe',
    shared: true,
    match: 'all',
    groups: [
      {
        match: 'all',
        conditions: [
          { type: 'page', url: `${SITE}/directes/*`, match: 'pattern' },
          { type: 'goal', goal: 'reproduir-media' },
        ],
      },
    ],
  },
  {
    id: 'participants-fora-catalunya',
    name: 'Participants de fora de Catalunya',
    shared: true,
    match: 'all',
    groups: [
      {
        match: 'any',
        conditions: [
          { type: 'call', call: '15' },
          { type: 'call', call: '3' },
        ],
      },
      { match: 'any', conditions: [condition('country', 'AD'), condition('country', 'FR'), condition('region', 'Madrid'), condition('region', 'Aragon')] },
    ],
  },
];
