// What a visitor does on a page besides reading it: the site's direct calls (spec §7), each from
// the feature it is named after (apps/site/src/measurement/direct-calls.ts), with the detail the
// site gives it, and the links out of the site that the SDK measures by itself.
import { chance, pick } from './seeded.mjs';
import { livePage } from './site-pages.mjs';

const NETWORKS = ['whatsapp', 'facebook', 'x', 'telegram', 'correu', 'bluesky'];
const EXIT_LINKS = [
  ['https://web.gencat.cat/ca/inici', 'Generalitat de Catalunya'],
  ['https://www.bcn.cat/', 'Ajuntament de Barcelona'],
  ['https://www.meteo.cat/', 'Servei Meteorològic de Catalunya'],
  ['https://www.parlament.cat/', 'Parlament de Catalunya'],
  ['https://www.fcbarcelona.cat/', 'FC Barcelona'],
];
const CALLS_TO_ACTION = [
  ['butlleti-alta', 'Subscriu-te al butlletí'],
  ['directe-portada', 'Mira el directe'],
  ['app-descarrega', "Baixa't l'app"],
];

/** The detail every call made on `page` shares: where it was made and what the page is about. */
function pageDetail(page, url) {
  const f = page.fields;
  return {
    url,
    programa: f.programaWeb,
    titolContingut: f.titolContingut,
    idDeliverty: f.idDeliverty,
    tematica: f.tematica,
    canal: f.canal,
    tipusEmisio: f.tipusEmisio,
    seccio: f.seccio,
    subseccio: f.subseccio,
    areaTematica: f.areaTematica,
  };
}

/**
 * The calls made on `page`, in order: `{name, detail}` for a direct call, `{exit, text}` for a link
 * out, and `opens` on scFinestraNova (the station's pop-out window, which then plays).
 */
export function pageCalls(next, page, url) {
  const calls = [];
  const base = pageDetail(page, url);
  const call = (name, probability, detail) => {
    if (chance(next, probability)) calls.push({ name, detail: { ...base, ...detail } });
  };
  const type = page.fields.pageType;
  if (type === 'noticia') {
    const network = pick(next, NETWORKS);
    call('scCompartir', 0.07, { linkText: 'Comparteix', xarxaAccioContingut: network, identificadorClic: `compartir-${network}`, formatContingut: 'text', tipusContingut: 'noticia' });
    call('scPerMesTard', 0.035, { linkText: 'Desa per a més tard', identificadorClic: 'desa-article', tipusContingut: 'noticia' });
    call('scParticipar', 0.05, { linkText: 'Vota', identificadorClic: 'enquesta-vota', tipusContingut: 'enquesta' });
    if (page.article.document)
      call('scDescarregar', 0.25, {
        linkText: page.article.document.title,
        linkUrl: `https://www.mesura.cat${page.article.document.path}`,
        identificadorClic: 'document-article',
        formatContingut: 'pdf',
      });
    const [id, text] = pick(next, CALLS_TO_ACTION);
    call('scClicBoto', 0.04, { linkText: text, identificadorClic: id });
    if (chance(next, 0.05)) calls.push(exitLink(next));
  } else if (type === 'video' || type === 'audio') {
    const media = { formatContingut: type, tipusContingut: type, identificadorClic: `player-${type}` };
    if (page.episode.subtitles) call('scSubtitols', 0.12, { ...media, linkText: 'Subtítols' });
    if (type === 'video') call('scVeureATV', 0.03, { ...media, linkText: 'Mira-ho a la tele' });
    call('scPerMesTard', 0.04, { ...media, linkText: 'Desa a la meva llista' });
    call('scCompartir', 0.03, { ...media, linkText: 'Comparteix', xarxaAccioContingut: pick(next, NETWORKS) });
    if (page.episode.download) call('scDescarregar', 0.18, { ...media, linkText: 'Descarrega el pòdcast', linkUrl: `https://www.mesura.cat${page.episode.download.path}` });
  } else if (type === 'directe') {
    call('scDVR', 0.15, { linkText: pick(next, ['Enrere 30 segons', "Torna a l'inici del programa", 'Directe']), identificadorClic: 'dvr-enrere', formatContingut: 'video', tipusContingut: 'video' });
  } else if (type === 'radio' && chance(next, 0.3)) {
    const popOut = livePage(page.source, 'audio', page.air, true);
    calls.push({
      name: 'scFinestraNova',
      detail: {
        ...base,
        linkText: 'Escolta en una finestra nova',
        linkUrl: `https://www.mesura.cat${popOut.path}`,
        identificadorClic: 'radio-finestra-nova',
        formatContingut: 'audio',
        tipusContingut: 'audio',
      },
      opens: popOut,
    });
  } else if (type === 'joc') {
    call('scJugar', 0.65, { linkText: 'Juga', identificadorClic: 'joc-comenca' });
    call('scCompartir', 0.05, { linkText: 'Comparteix el resultat', xarxaAccioContingut: pick(next, NETWORKS) });
  } else if (type === 'portada') {
    const [id, text] = pick(next, CALLS_TO_ACTION);
    call('scClicBoto', 0.05, { linkText: text, identificadorClic: id });
  } else if (type === 'temps' && chance(next, 0.04)) calls.push(exitLink(next));
  return calls;
}

function exitLink(next) {
  const [exit, text] = pick(next, EXIT_LINKS);
  return { exit, text };
}
