/** The seeded newsroom: sections with their subsections, authors and themes. */
import type { Author, Section, Theme } from '../types.js';

export const SECTIONS: Section[] = [
  {
    slug: 'politica',
    name: 'Política',
    subsections: [
      { slug: 'parlament', name: 'Parlament' },
      { slug: 'govern', name: 'Govern' },
      { slug: 'municipis', name: 'Municipis' },
    ],
  },
  {
    slug: 'societat',
    name: 'Societat',
    subsections: [
      { slug: 'salut', name: 'Salut' },
      { slug: 'educacio', name: 'Educació' },
      { slug: 'medi-ambient', name: 'Medi ambient' },
    ],
  },
  {
    slug: 'economia',
    name: 'Economia',
    subsections: [
      { slug: 'empreses', name: 'Empreses' },
      { slug: 'treball', name: 'Treball' },
      { slug: 'consum', name: 'Consum' },
    ],
  },
  {
    slug: 'internacional',
    name: 'Internacional',
    subsections: [
      { slug: 'europa', name: 'Europa' },
      { slug: 'mon', name: 'Món' },
    ],
  },
  {
    slug: 'cultura',
    name: 'Cultura',
    subsections: [
      { slug: 'llibres', name: 'Llibres' },
      { slug: 'musica', name: 'Música' },
      { slug: 'patrimoni', name: 'Patrimoni' },
    ],
  },
  {
    slug: 'esports',
    name: 'Esports',
    subsections: [
      { slug: 'futbol', name: 'Futbol' },
      { slug: 'basquet', name: 'Bàsquet' },
      { slug: 'ciclisme', name: 'Ciclisme' },
    ],
  },
];

export const AUTHORS: Author[] = [
  { slug: 'laia-puig', name: 'Laia Puig', role: 'Redactora de política', bio: 'Segueix el Parlament i el Govern des del 2015. Abans va cobrir la informació municipal a Girona.' },
  { slug: 'marc-soler', name: 'Marc Soler', role: 'Redactor de societat', bio: 'Especialitzat en salut pública i sistema sanitari. Llicenciat en Biologia i en Periodisme.' },
  { slug: 'nuria-ferrer', name: 'Núria Ferrer', role: "Redactora d'educació i cultura", bio: 'Escriu sobre escola, universitat, biblioteques i patrimoni. Coordina la cobertura del curs escolar.' },
  { slug: 'jordi-casals', name: 'Jordi Casals', role: "Redactor d'economia", bio: 'Cobreix empresa, mercat laboral i consum. Ha treballat a la premsa econòmica de Barcelona i Madrid.' },
  { slug: 'anna-vidal', name: 'Anna Vidal', role: 'Redactora de medi ambient i internacional', bio: 'Informa de clima, aigua i de la Unió Europea, on va ser corresponsal a Brussel·les.' },
  { slug: 'pau-roca', name: 'Pau Roca', role: 'Redactor de cultura', bio: 'Escriu sobre llibres, escena i patrimoni. Presenta el pòdcast setmanal de cultura.' },
  { slug: 'marta-bosch', name: 'Marta Bosch', role: "Redactora d'esports", bio: 'Segueix el futbol català i el bàsquet. Ha cobert tres Jocs Olímpics.' },
  { slug: 'oriol-mas', name: 'Oriol Mas', role: 'Redactor de medi ambient', bio: "Cobreix clima, aigua i territori. Col·labora amb l'espai del temps de la televisió." },
  { slug: 'redaccio', name: 'Redacció', role: 'Equip de redacció', bio: 'Informacions elaborades per la redacció de Mesura.cat amb les agències.' },
];

export const THEMES: Theme[] = [
  { slug: 'habitatge', name: 'Habitatge' },
  { slug: 'salut', name: 'Salut' },
  { slug: 'sequera', name: 'Sequera' },
  { slug: 'educacio', name: 'Educació' },
  { slug: 'pressupostos', name: 'Pressupostos' },
  { slug: 'mobilitat', name: 'Mobilitat' },
  { slug: 'treball', name: 'Treball' },
  { slug: 'unio-europea', name: 'Unió Europea' },
  { slug: 'clima', name: 'Clima' },
  { slug: 'futbol', name: 'Futbol' },
  { slug: 'patrimoni', name: 'Patrimoni' },
  { slug: 'llengua', name: 'Llengua' },
  { slug: 'turisme', name: 'Turisme' },
  { slug: 'tecnologia', name: 'Tecnologia' },
];

/** Which author writes each section's news, in turn. */
export const SECTION_AUTHORS: Record<string, string[]> = {
  politica: ['laia-puig', 'redaccio'],
  societat: ['marc-soler', 'nuria-ferrer', 'oriol-mas'],
  economia: ['jordi-casals', 'redaccio'],
  internacional: ['anna-vidal', 'redaccio'],
  cultura: ['pau-roca', 'nuria-ferrer'],
  esports: ['marta-bosch', 'redaccio'],
};
