/** The quiz's questions about the site's news (Catalan), each with its options and the right one. */
export interface QuizQuestion {
  id: string;
  question: string;
  options: string[];
  /** Index in `options` of the right answer. */
  answer: number;
}

export const QUIZ_POOL: readonly QuizQuestion[] = [
  { id: 'q-habitatge', question: 'Quina llei ha aprovat el Parlament aquesta setmana?', options: ["La llei d'habitatge assequible", 'La llei de pressupostos', "La llei de l'esport"], answer: 0 },
  { id: 'q-sequera', question: 'Quin recurs preocupa més en el darrer informe de la sequera?', options: ["L'aigua dels embassaments", 'El gas natural', "L'electricitat solar"], answer: 0 },
  { id: 'q-pressupostos', question: 'De quin any són els pressupostos que es debaten?', options: ['2025', '2027', '2030'], answer: 1 },
  { id: 'q-salut-mental', question: 'Quin pla ha presentat el Departament de Salut?', options: ['Un pla de salut mental', 'Un pla de vacunació', 'Un pla de carreteres'], answer: 0 },
  { id: 'q-capital', question: 'Quina és la capital de la comarca del Segrià?', options: ['Balaguer', 'Lleida', 'Tàrrega'], answer: 1 },
  {
    id: 'q-meteo',
    question: 'Quin servei publica la previsió del temps a Catalunya?',
    options: ['El Servei Meteorològic de Catalunya', "L'Institut d'Estadística", 'El Servei Català de Trànsit'],
    answer: 0,
  },
  { id: 'q-rodalies', question: 'Quin és el servei de trens de proximitat de Catalunya?', options: ['Rodalies', 'Euromed', 'Alvia'], answer: 0 },
  { id: 'q-diada', question: 'Quin dia se celebra la Diada Nacional de Catalunya?', options: ['23 d’abril', '11 de setembre', '24 de juny'], answer: 1 },
  { id: 'q-sant-jordi', question: 'Què es regala tradicionalment per Sant Jordi?', options: ['Un llibre i una rosa', 'Un tió', 'Una mona'], answer: 0 },
  { id: 'q-parlament', question: 'Quants diputats té el Parlament de Catalunya?', options: ['135', '150', '99'], answer: 0 },
  { id: 'q-delta', question: 'Quin riu forma el delta més gran de Catalunya?', options: ['El Llobregat', "L'Ebre", 'El Ter'], answer: 1 },
  { id: 'q-audiencies', question: "Quin document sobre l'audiència ha publicat Mesura?", options: ["L'informe d'audiències 2026", 'El baròmetre de consum', "L'atles de la ràdio"], answer: 0 },
  { id: 'q-pica', question: 'Quin és el cim més alt de Catalunya?', options: ["La Pica d'Estats", 'El Canigó', 'El Montseny'], answer: 0 },
  { id: 'q-castells', question: 'Com es diu la persona que corona un castell?', options: ['Enxaneta', 'Baix', 'Crossa'], answer: 0 },
];
