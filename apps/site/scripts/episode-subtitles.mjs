// An episode's Catalan subtitles as WebVTT text, covering its whole length: its title first, then
// a programme's usual lines in turn, each shown for as long as it takes to read (about fifteen
// characters a second, within MIN_CUE_MS and MAX_CUE_MS) with a short pause between cues, as a
// broadcaster's subtitles are timed. Pure, so a unit test reads them without a build.

/** Reading speed for subtitles: characters a second a viewer reads comfortably. */
const READ_CHARS_PER_SECOND = 15;
const MIN_CUE_MS = 1_500;
const MAX_CUE_MS = 6_000;
/** The gap between two cues, so that a new line reads as new. */
const CUE_GAP_MS = 400;

/** What a presenter says, in turn, after the episode's title (the programme's name is filled in). */
const LINES = [
  'Bona nit i benvinguts a {programa}.',
  'Avui us expliquem una història que ens toca de prop.',
  'Comencem pel principi: què ha passat i per què ens importa.',
  'Hem parlat amb les persones que ho viuen cada dia.',
  '—Nosaltres ja ho dèiem fa temps, però ningú no ens escoltava.',
  '—Ara tothom en parla, i és bo que sigui així.',
  'Les xifres ho confirmen: el canvi s’ha notat aquest any.',
  'Anem a veure-ho sobre el terreny.',
  'Al matí, el carrer és ple de gent que va i ve.',
  'A la tarda, en canvi, tot sembla més tranquil.',
  '—Aquí cadascú fa el que pot amb el que té.',
  'Els experts recomanen prudència abans de treure conclusions.',
  'Tornem a l’estudi per repassar el que hem vist.',
  'Encara queden preguntes obertes que seguirem de prop.',
  'Si en voleu saber més, teniu tota la informació al nostre web.',
  'Gràcies per acompanyar-nos. Fins a la propera.',
];

function timestamp(ms) {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

const cueMs = (text) => Math.min(MAX_CUE_MS, Math.max(MIN_CUE_MS, Math.round((text.length / READ_CHARS_PER_SECOND) * 1000)));

/**
 * @param {{ programmeTitle: string, title: string, lengthSeconds: number }} episode
 * @returns {string} the WebVTT file, its last cue ending at or before the episode's end
 */
export function episodeSubtitles({ programmeTitle, title, lengthSeconds }) {
  const endMs = lengthSeconds * 1000;
  const texts = LINES.map((line) => line.replace('{programa}', programmeTitle));
  const blocks = ['WEBVTT\nKind: subtitles\nLanguage: ca'];
  let startMs = 0;
  for (let n = 0; ; n++) {
    const text = n === 0 ? `${programmeTitle}: ${title}` : texts[(n - 1) % texts.length];
    const stopMs = Math.min(endMs, startMs + cueMs(text));
    if (stopMs - startMs < MIN_CUE_MS) break;
    blocks.push(`${timestamp(startMs)} --> ${timestamp(stopMs)}\n${text}`);
    startMs = stopMs + CUE_GAP_MS;
  }
  return `${blocks.join('\n\n')}\n`;
}
