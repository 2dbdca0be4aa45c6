/** The site's polls: a question and 3–4 options each, seeded with the server (editors' tool to come). */
export interface PollDefinition {
  id: string;
  question: string;
  options: { id: string; label: string }[];
}

export const SEEDED_POLLS: readonly PollDefinition[] = [
  {
    id: 'habitatge-2026',
    question: "Quina mesura creieu que ajudaria més a l'accés a l'habitatge?",
    options: [
      { id: 'lloguer-public', label: 'Més habitatge públic de lloguer' },
      { id: 'limit-preus', label: 'Limitar el preu dels lloguers' },
      { id: 'ajuts-joves', label: 'Ajuts directes per als joves' },
      { id: 'pisos-buits', label: 'Mobilitzar els pisos buits' },
    ],
  },
  {
    id: 'sequera-aigua',
    question: "Quin ús de l'aigua s'hauria de restringir primer en cas de sequera?",
    options: [
      { id: 'piscines', label: 'Omplir piscines' },
      { id: 'reg-jardins', label: 'Regar jardins' },
      { id: 'neteja-carrers', label: 'Netejar carrers amb aigua potable' },
    ],
  },
  {
    id: 'mobilitat-ciutat',
    question: 'Com aneu normalment a la feina o a estudiar?',
    options: [
      { id: 'transport-public', label: 'En transport públic' },
      { id: 'bicicleta', label: 'A peu o en bicicleta' },
      { id: 'cotxe', label: 'En cotxe o moto' },
      { id: 'teletreball', label: 'No em desplaço: teletreballo' },
    ],
  },
];
