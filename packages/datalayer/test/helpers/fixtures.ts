import type { MesuraData } from '@mesura/datalayer';

/**
 * 23 November 2026, 09:05:07, built from local components so that formatting it with local getters
 * gives the same text on any machine, whatever its time zone.
 */
export const FIXED_NOW = new Date(2026, 10, 23, 9, 5, 7);

/** The user-state cookie of a logged-in user, as the login module writes it. */
export const LOGGED_IN_COOKIE = `_ga=GA1.2.3; mesura_usuari=${encodeURIComponent(JSON.stringify({ logat: true, nom: 'Anna' }))}; lang=ca`;

/** A news article with every page field filled, the way the site writes `window.mesuraData`. */
export function newsArticle(): MesuraData {
  return {
    page: {
      seccio: 'noticies',
      subseccio: 'politica',
      subseccioNivell1: 'parlament',
      subseccioNivell2: 'ple',
      portal: '3cat',
      web: '3cat24',
      canal: '3cat24',
      programaWeb: 'telenoticies',
      nomPrograma: 'Telenotícies vespre',
      idDeliverty: 1234567,
      pageName: '3cat24:noticies:politica:ple-del-parlament',
      actualPageName: 'ple-del-parlament',
      pageType: 'noticia',
      status: 'OK',
      idioma: 'ca',
      url: 'https://www.example.cat/3cat24/noticia/1234567/',
      viewport: 'mobile',
      queryString: 'int=portada',
      titolContingut: 'Ple del Parlament',
      autor: 'Redacció',
      areaTematica: 'Política, Societat',
      tematica: 'actualitat',
      temes: 'parlament,eleccions',
      categoriaAgrupadora: 'Informatius,Política',
      productorContingut: '3cat24',
      dataPublicacio: '23/11/2026 08:30',
      dataEmissio: '22/11/2026',
      tipusEmisio: 'a la carta',
      formatContingut: 'text',
      tipusContingut: 'noticia',
      contingutMultimedia: true,
      itemsRelacionats: ['111', '222'],
      screenReader: false,
      paraulesCerca: 'eleccions',
      resultatsCerca: 42,
      campanyesInternes: 'portada',
      origenClic: 'portada',
      clickIdentifier: 'destacat-1',
      xarxaAccioContingut: 'compartir-x',
    },
    user: { idUsuari: 'u-987', idBigData: 'bd-654', userLogin: 'sso' },
  };
}
