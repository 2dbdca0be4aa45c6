/**
 * The five articles the site began with. Their ids, slugs, titles, topic areas and text are what
 * e2e tests and the spec's personalisation rules (§2: /noticia/{id}/) refer to: keep them as they are.
 */
import type { Article } from '../types.js';

/** An article before the seed adds what it derives (themes, producer, related items). */
export type LegacyArticle = Omit<Article, 'themes' | 'producer' | 'related'>;

export const LEGACY_ARTICLES: LegacyArticle[] = [
  {
    id: '1001',
    slug: 'parlament-aprova-llei-habitatge-assequible',
    title: "El Parlament aprova la llei d'habitatge assequible amb el suport de quatre grups",
    summary: 'La norma obliga a reservar un 30% dels nous habitatges a lloguer assequible i crea un registre públic de grans tenidors.',
    section: 'politica',
    subsection: 'parlament',
    topicAreas: ['habitatge', 'parlament', 'lloguer'],
    author: 'laia-puig',
    image: { id: 'img-01', alt: "L'hemicicle del Parlament durant la votació" },
    publishedAt: '2026-11-23T09:15:00+01:00',
    paragraphs: [
      "El ple del Parlament ha aprovat aquest dilluns la llei d'habitatge assequible amb 82 vots a favor, 41 en contra i 12 abstencions. La norma, que arrossegava més d'un any de tramitació, ha tirat endavant amb el suport de quatre grups.",
      "El text obliga les promocions de més de deu habitatges a reservar-ne un 30% per a lloguer assequible durant un mínim de vint anys. També crea un registre públic de grans tenidors, que haurà d'estar operatiu en un termini de sis mesos.",
      "La consellera de Territori ha defensat que la llei «dona eines als ajuntaments per frenar l'expulsió de veïns», mentre que l'oposició ha anunciat que estudiarà portar-la al Tribunal Constitucional.",
    ],
  },
  {
    id: '1002',
    slug: 'hospitals-allarguen-horari-vacunacio-grip',
    title: "Els hospitals allarguen l'horari de vacunació contra la grip davant l'augment de casos",
    summary: 'Els centres d’atenció primària obriran també els dissabtes al matí fins a mitjan desembre.',
    section: 'societat',
    subsection: 'salut',
    topicAreas: ['salut', 'vacunacio', 'grip'],
    author: 'marc-soler',
    image: { id: 'img-03', alt: "Un centre d'atenció primària" },
    publishedAt: '2026-11-22T18:40:00+01:00',
    paragraphs: [
      "El Departament de Salut ha anunciat que els hospitals i els centres d'atenció primària allargaran l'horari de vacunació contra la grip a partir de la setmana vinent. La mesura arriba després que la incidència hagi crescut un 40% en els últims set dies.",
      'Els centres obriran fins a les nou del vespre entre setmana i també els dissabtes al matí fins a mitjan desembre. No caldrà cita prèvia per a les persones més grans de 60 anys ni per als grups de risc.',
      "Salut recorda que la vacuna és la millor manera d'evitar complicacions i demana a la població que no esperi al pic de la temporada per vacunar-se.",
    ],
  },
  {
    id: '1003',
    slug: 'girona-remunta-montilivi-places-europees',
    title: "El Girona remunta a Montilivi i s'acosta a les places europees",
    summary: 'Dos gols a la segona meitat capgiren el partit davant un rival directe.',
    section: 'esports',
    subsection: 'futbol',
    topicAreas: ['futbol', 'girona', 'lliga'],
    author: 'jordi-casals',
    image: { id: 'img-06', alt: 'El camp de Montilivi' },
    publishedAt: '2026-11-22T21:05:00+01:00',
    paragraphs: [
      "El Girona ha guanyat per 2 a 1 a Montilivi després d'anar perdent al descans. L'equip gironí ha sortit molt més intens a la segona part i ha capgirat el marcador en deu minuts.",
      "L'empat ha arribat en una rematada de cap a la sortida d'un córner, i el gol de la victòria, en una contra ben conduïda per la banda esquerra. L'estadi, ple, ha celebrat la remuntada fins al xiulet final.",
      'Amb aquesta victòria, el Girona se situa a només dos punts de les places que donen accés a les competicions europees.',
    ],
  },
  {
    id: '1004',
    slug: 'biblioteca-catalunya-digitalitza-manuscrits-medievals',
    title: 'La Biblioteca de Catalunya digitalitza 20.000 manuscrits medievals',
    summary: 'El fons, fins ara només consultable a la sala de reserva, es podrà veure en línia i en alta resolució.',
    section: 'cultura',
    subsection: 'patrimoni',
    topicAreas: ['patrimoni', 'biblioteques', 'historia'],
    author: 'nuria-ferrer',
    image: { id: 'img-10', alt: 'Manuscrits a la sala de lectura de la Biblioteca de Catalunya' },
    publishedAt: '2026-11-21T12:00:00+01:00',
    paragraphs: [
      'La Biblioteca de Catalunya ha culminat la digitalització de 20.000 manuscrits medievals, un projecte de quatre anys que permetrà consultar en línia documents que fins ara només es podien veure a la sala de reserva.',
      "Entre les peces digitalitzades hi ha cartes reials, llibres d'hores il·luminats i registres notarials dels segles XIII al XV. Totes les imatges es publiquen en alta resolució i amb una fitxa descriptiva.",
      'La directora de la Biblioteca ha destacat que el projecte «obre el patrimoni a investigadors i curiosos de tot el món» i ha avançat que la pròxima fase se centrarà en la premsa del segle XIX.',
    ],
  },
  {
    id: '1005',
    slug: 'pluges-tardor-alleugen-sequera-embassaments',
    title: 'Les pluges de la tardor alleugen la sequera als embassaments del Ter i el Llobregat',
    summary: 'Les reserves superen el 45% per primera vegada en tres anys, però els experts demanen prudència.',
    section: 'societat',
    subsection: 'medi-ambient',
    topicAreas: ['medi-ambient', 'sequera', 'aigua'],
    author: 'anna-vidal',
    image: { id: 'img-17', alt: "Un embassament amb el nivell de l'aigua baix" },
    publishedAt: '2026-11-20T08:30:00+01:00',
    paragraphs: [
      'Les pluges de les últimes setmanes han fet pujar les reserves dels embassaments del Ter i el Llobregat fins al 46% de la seva capacitat, la xifra més alta dels últims tres anys.',
      "L'Agència Catalana de l'Aigua ha confirmat que l'àrea metropolitana surt de l'estat d'excepcionalitat, tot i que manté algunes restriccions per als usos agrícoles i industrials.",
      'Els experts recorden que una tardor plujosa no compensa anys de dèficit i demanen mantenir els hàbits d’estalvi d’aigua durant l’hivern.',
    ],
  },
];
