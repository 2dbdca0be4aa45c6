/**
 * The pool of images the site's content uses: simple illustrations drawn at build time
 * (apps/site/scripts/generate-images.mjs), one per subject, in every width of IMAGE_WIDTHS_PX.
 * Content items name a pool id and give their own alt text; `alt` here is the default description.
 */
export interface PoolImage {
  id: string;
  /** What the illustration shows, for whoever draws it. */
  subject: string;
  /** Catalan description of the picture. */
  alt: string;
}

export const IMAGE_POOL: readonly PoolImage[] = [
  { id: 'img-01', subject: 'parliament building facade with columns', alt: "Façana d'un parlament amb columnes" },
  { id: 'img-02', subject: 'ballot box with a voting slip', alt: 'Una urna amb una papereta de vot' },
  { id: 'img-03', subject: 'hospital building with a red cross', alt: "Edifici d'un hospital amb una creu vermella" },
  { id: 'img-04', subject: 'school building and a blackboard', alt: 'Una escola amb una pissarra' },
  { id: 'img-05', subject: 'apartment blocks of a city', alt: "Blocs de pisos d'una ciutat" },
  { id: 'img-06', subject: 'football pitch seen from above with a ball', alt: 'Un camp de futbol vist des de dalt amb una pilota' },
  { id: 'img-07', subject: 'basketball hoop and ball', alt: 'Una cistella i una pilota de bàsquet' },
  { id: 'img-08', subject: 'cyclists on a mountain road', alt: 'Ciclistes en una carretera de muntanya' },
  { id: 'img-09', subject: 'theatre stage with red curtains', alt: "L'escenari d'un teatre amb el teló vermell" },
  { id: 'img-10', subject: 'open book and library shelves', alt: "Un llibre obert davant les prestatgeries d'una biblioteca" },
  { id: 'img-11', subject: 'concert stage with lights', alt: "L'escenari d'un concert amb llums" },
  { id: 'img-12', subject: 'factory with chimneys and a rising chart', alt: 'Una fàbrica amb xemeneies i un gràfic que puja' },
  { id: 'img-13', subject: 'coins and a shopping basket', alt: 'Monedes i un cistell de la compra' },
  { id: 'img-14', subject: 'harbour with cranes and containers', alt: 'Un port amb grues i contenidors' },
  { id: 'img-15', subject: 'globe with meridians', alt: 'Un globus terraqüi amb meridians' },
  { id: 'img-16', subject: 'flags in front of an international building', alt: "Banderes davant d'un edifici internacional" },
  { id: 'img-17', subject: 'reservoir with low water and a dam', alt: 'Un embassament amb poca aigua i la presa' },
  { id: 'img-18', subject: 'rain clouds over fields', alt: 'Núvols de pluja sobre uns camps' },
  { id: 'img-19', subject: 'snowy Pyrenees peaks under the sun', alt: 'Cims nevats del Pirineu sota el sol' },
  { id: 'img-20', subject: 'Mediterranean beach with the sun', alt: 'Una platja mediterrània amb el sol' },
  { id: 'img-21', subject: 'television studio with a camera', alt: 'Un plató de televisió amb una càmera' },
  { id: 'img-22', subject: 'radio studio microphone', alt: "El micròfon d'un estudi de ràdio" },
  { id: 'img-23', subject: 'laptop with a chart on screen', alt: 'Un ordinador portàtil amb un gràfic a la pantalla' },
  { id: 'img-24', subject: 'train on a viaduct', alt: 'Un tren passant per un viaducte' },
];
