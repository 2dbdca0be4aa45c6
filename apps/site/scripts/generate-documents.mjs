// Writes the documents the articles offer for download (public/documents/*.pdf): small real PDFs,
// two pages of Catalan text each, in Helvetica with WinAnsi encoding (which has every Catalan letter,
// the middle dot included). The output is committed; run this only to change a document.
// Usage: node apps/site/scripts/generate-documents.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const OUT_DIR = path.resolve(import.meta.dirname, '../public/documents');
const PAGE_WIDTH_PT = 595;
const PAGE_HEIGHT_PT = 842;
const MARGIN_PT = 56;
const BODY_SIZE_PT = 11;
const LINE_HEIGHT_PT = 16;
const TITLE_SIZE_PT = 18;
/** Characters per line of body text at 11 pt Helvetica within the margins. */
const LINE_CHARS = 90;

const DOCUMENTS = {
  'pressupostos-2027.pdf': {
    title: 'Projecte de pressupostos 2027: resum',
    pages: [
      [
        "El projecte de pressupostos per al 2027 preveu una despesa de 45.000 milions d'euros, un 6% més que l'exercici anterior.",
        'Salut i educació concentren més de la meitat de la despesa. La inversió en habitatge creix un 18% i arriba als 1.200 milions.',
        'Els ingressos previstos es basen en un creixement econòmic del 2,1% i en la millora de la recaptació dels impostos propis.',
      ],
      [
        'Principals partides:',
        'Salut: 13.400 milions. Educació: 8.900 milions. Drets socials: 4.100 milions. Habitatge: 1.200 milions.',
        'Territori i mobilitat: 2.300 milions, amb la compra de quaranta trens nous per a Rodalies.',
        "Calendari: lliurament al Parlament al novembre, debat de totalitat al desembre i aprovació prevista abans de l'estiu.",
      ],
    ],
  },
  'informe-sequera-2026.pdf': {
    title: 'Informe sobre la sequera 2026',
    pages: [
      [
        "Les reserves dels embassaments de les conques internes es van situar al 28% de la seva capacitat a l'octubre.",
        "Les pluges de novembre han permès recuperar tres punts, però encara caldran mesos de precipitacions regulars per sortir de la situació d'excepcionalitat.",
        "El consum domèstic s'ha reduït un 12% respecte del 2023 gràcies a les restriccions i a la conscienciació ciutadana.",
      ],
      [
        'Mesures previstes:',
        "Ampliar la regeneració d'aigua a les depuradores del Prat i de Sant Adrià fins a cobrir el 20% del consum metropolità.",
        'Millorar la xarxa de distribució per reduir les pèrdues, que encara superen el 15% en alguns municipis.',
        "Revisar els protocols d'emergència abans de la primavera vinent.",
      ],
    ],
  },
  'pla-salut-mental.pdf': {
    title: 'Pla de salut mental per a joves',
    pages: [
      [
        "El pla porta un psicòleg de referència a tots els equips d'atenció primària per atendre adolescents i joves fins a 25 anys.",
        'Els joves podran demanar cita directament, sense passar pel metge de família, i tindran una primera visita en un màxim de quinze dies.',
        "Els centres educatius disposaran d'un circuit de derivació ràpida en coordinació amb els equips de salut.",
      ],
      [
        'Indicadors de seguiment:',
        "Temps d'espera de la primera visita, nombre de joves atesos i continuïtat de l'atenció després de l'alta.",
        "El pla s'avaluarà cada any i els resultats es publicaran al portal de dades obertes.",
      ],
    ],
  },
  'memoria-anual-mesura-2025.pdf': {
    title: 'Memòria anual 2025',
    pages: [
      [
        "Aquesta memòria recull l'activitat de l'any 2025: la informació, els programes i els serveis digitals.",
        'El portal de dades obertes ha publicat més de 2.000 conjunts de dades, consultats per investigadors, empreses i mitjans.',
        "L'audiència digital ha crescut un 14%, amb un augment destacat del consum de pòdcasts i de l'escolta en directe.",
      ],
      [
        'Compromisos per al 2026:',
        "Millorar l'accessibilitat de tots els continguts, amb subtítols a tots els programes a la carta.",
        "Mesurar l'audiència amb eines pròpies i obertes, respectant el consentiment de les persones usuàries.",
      ],
    ],
  },
};

/** A PDF string literal in WinAnsi (latin-1 for these letters; '·' is 0xB7 in both). */
function pdfString(text) {
  const bytes = Buffer.from(text.replaceAll('’', "'").replaceAll('«', '"').replaceAll('»', '"'), 'latin1');
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

function wrap(paragraph) {
  const lines = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    if (line.length + word.length + 1 > LINE_CHARS && line !== '') {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function pageContent(title, paragraphs, pageNumber) {
  const ops = [
    'BT',
    `/F1 ${TITLE_SIZE_PT} Tf`,
    `${MARGIN_PT} ${PAGE_HEIGHT_PT - MARGIN_PT} Td`,
    `${pdfString(pageNumber === 1 ? title : `${title} (continuació)`)} Tj`,
    `/F1 ${BODY_SIZE_PT} Tf`,
    `0 -${LINE_HEIGHT_PT * 2} Td`,
  ];
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph)) ops.push(`${pdfString(line)} Tj`, `0 -${LINE_HEIGHT_PT} Td`);
    ops.push(`0 -${LINE_HEIGHT_PT / 2} Td`);
  }
  ops.push('ET', 'BT', `/F1 9 Tf ${MARGIN_PT} ${MARGIN_PT / 2} Td ${pdfString(`Mesura.cat · pàgina ${pageNumber}`)} Tj ET`);
  return ops.join('\n');
}

/** A whole PDF file: catalog, pages, one font, a content stream per page, and the cross-reference table. */
function pdf(title, pages) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesId = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title ${pdfString(title)} /Producer (Mesura.cat) >>`);
  const kids = pages.map((paragraphs, index) => {
    const stream = pageContent(title, paragraphs, index + 1);
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_WIDTH_PT} ${PAGE_HEIGHT_PT}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`);
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (ca) >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(file, 'latin1');
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(file, 'latin1');
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(file, 'latin1');
}

for (const [name, { title, pages }] of Object.entries(DOCUMENTS)) {
  const file = path.join(OUT_DIR, name);
  writeFileSync(file, pdf(title, pages));
  console.log(`documents: ${path.relative(process.cwd(), file)}`);
}
