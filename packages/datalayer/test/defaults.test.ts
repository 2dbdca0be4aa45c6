import { describe, expect, it } from 'vitest';
import { ERROR_PAGE_TYPE, NOT_INFORMED, NOT_INFORMED_OTHER, PAGE_NAME_DEFAULT, readDataLayer, readVideoData, type PageData } from '@mesura/datalayer';
import { FIXED_NOW, newsArticle } from './helpers/fixtures.js';

/** Reads a data layer whose page group is `page`. */
function readPage(page: Record<string, unknown>) {
  return readDataLayer({ page }, { now: FIXED_NOW }).page;
}

describe('readDataLayer: §5 defaults of the page group', () => {
  it("the spellings of the two 'not informed' values are the spec's (§5)", () => {
    expect(NOT_INFORMED).toBe('No informat');
    expect(NOT_INFORMED_OTHER).toBe('No Informat');
    expect(PAGE_NAME_DEFAULT).toBe('noDisponible');
  });

  it("missing section is tracked as 'No informat' (§5)", () => {
    expect(readPage({}).seccio).toBe('No informat');
  });

  it("missing subsection is tracked as 'No informat' (§5)", () => {
    expect(readPage({}).subseccio).toBe('No informat');
  });

  it("missing subsection levels 1 and 2 are tracked as 'No informat' (§5)", () => {
    const page = readPage({});
    expect(page.subseccioNivell1).toBe('No informat');
    expect(page.subseccioNivell2).toBe('No informat');
  });

  it("missing programme and programme name are tracked as 'No informat' (§5)", () => {
    const page = readPage({});
    expect(page.programaWeb).toBe('No informat');
    expect(page.nomPrograma).toBe('No informat');
  });

  it("missing page name is tracked as 'noDisponible' (§5)", () => {
    expect(readPage({}).pageName).toBe('noDisponible');
  });

  it.each<keyof PageData>([
    'portal',
    'web',
    'canal',
    'idDeliverty',
    'actualPageName',
    'pageType',
    'status',
    'idioma',
    'url',
    'viewport',
    'queryString',
    'titolContingut',
    'autor',
    'areaTematica',
    'tematica',
    'temes',
    'categoriaAgrupadora',
    'productorContingut',
    'dataPublicacio',
    'dataEmissio',
    'tipusEmisio',
    'formatContingut',
    'tipusContingut',
    'contingutMultimedia',
    'itemsRelacionats',
    'screenReader',
    'paraulesCerca',
    'resultatsCerca',
    'campanyesInternes',
    'origenClic',
    'clickIdentifier',
    'xarxaAccioContingut',
  ])("missing %s is tracked as 'No Informat' (§5)", (field) => {
    expect(readPage({})[field]).toBe('No Informat');
  });

  it('whitespace-only values count as missing (§5)', () => {
    const page = readPage({ seccio: '   ', canal: '\t', pageName: ' \n ' });
    expect(page.seccio).toBe('No informat');
    expect(page.canal).toBe('No Informat');
    expect(page.pageName).toBe('noDisponible');
  });

  it('present values are kept, trimmed', () => {
    const page = readPage({ seccio: '  noticies ', canal: '3cat24 ' });
    expect(page.seccio).toBe('noticies');
    expect(page.canal).toBe('3cat24');
  });

  it('wrong-typed values count as missing (§5)', () => {
    const page = readPage({ seccio: { nom: 'noticies' }, programaWeb: null, resultatsCerca: Number.NaN, autor: ['a'] });
    expect(page.seccio).toBe('No informat');
    expect(page.programaWeb).toBe('No informat');
    expect(page.resultatsCerca).toBe('No Informat');
    expect(page.autor).toBe('No Informat');
  });

  it('numbers and flags are kept in their string form', () => {
    const page = readPage({ resultatsCerca: 42, idDeliverty: 1234567, screenReader: true, contingutMultimedia: false });
    expect(page.resultatsCerca).toBe('42');
    expect(page.idDeliverty).toBe('1234567');
    expect(page.screenReader).toBe('true');
    expect(page.contingutMultimedia).toBe('false');
  });

  it('reads themes (comma list or array), actual page name, broadcast date and query string as the page gives them (§3)', () => {
    const page = readPage({ temes: [' parlament', 'eleccions '], actualPageName: ' ple-del-parlament ', dataEmissio: '22/11/2026', queryString: 'int=portada&ext=xarxes' });
    expect(page.temes).toBe('parlament,eleccions');
    expect(page.actualPageName).toBe('ple-del-parlament');
    expect(page.dataEmissio).toBe('22/11/2026');
    expect(page.queryString).toBe('int=portada&ext=xarxes');
    expect(readPage({ temes: 'parlament,eleccions' }).temes).toBe('parlament,eleccions');
  });

  it('a zero result count is a value, not a missing one', () => {
    expect(readPage({ resultatsCerca: 0 }).resultatsCerca).toBe('0');
  });

  it('list fields given as arrays are kept as comma lists', () => {
    const page = readPage({ itemsRelacionats: ['111', ' 222 ', '', 7], areaTematica: [] });
    expect(page.itemsRelacionats).toBe('111,222,7');
    expect(page.areaTematica).toBe('No Informat');
  });

  it('a getter that throws counts as a missing field', () => {
    const page = {
      get seccio(): string {
        throw new Error('broken data layer');
      },
    };
    expect(readPage(page).seccio).toBe('No informat');
  });
});

describe('readDataLayer: the Error404 rule (§2)', () => {
  it("page status Error404 gives page type 'errorPage' (§2)", () => {
    expect(readPage({ status: 'Error404', pageType: 'noticia' }).pageType).toBe(ERROR_PAGE_TYPE);
  });

  it("page status Error404 tracks the page name empty, not 'noDisponible' (§2, §5)", () => {
    expect(readPage({ status: 'Error404' }).pageName).toBe('');
    expect(readPage({ status: 'Error404', pageName: '3cat24:noticia' }).pageName).toBe('');
  });

  it('other statuses leave page type and page name alone (§2)', () => {
    const page = readPage({ status: 'Error500', pageType: 'noticia', pageName: '3cat24:noticia' });
    expect(page.pageType).toBe('noticia');
    expect(page.pageName).toBe('3cat24:noticia');
  });
});

describe('readDataLayer: §5 defaults of the video and user groups', () => {
  it("missing user id is tracked as 'No informat' (§5)", () => {
    expect(readDataLayer({}, { now: FIXED_NOW }).user.idUsuari).toBe('No informat');
  });

  it("missing big-data id and login module are tracked as 'No Informat' (§5)", () => {
    const { user } = readDataLayer({ user: {} }, { now: FIXED_NOW });
    expect(user.idBigData).toBe('No Informat');
    expect(user.userLogin).toBe('No Informat');
  });

  it("missing video section, broadband section and subsection and programme code are 'No informat' (§5)", () => {
    const video = readVideoData({ video: {} });
    expect(video?.seccio).toBe('No informat');
    expect(video?.seccioBandaAmple).toBe('No informat');
    expect(video?.subseccioBandaAmple).toBe('No informat');
    expect(video?.codiPrograma).toBe('No informat');
  });

  it("other missing video values are tracked as 'No Informat' (§5)", () => {
    const video = readVideoData({ video: { titol: 'El Telenotícies', durada: 1800, subtitolat: true } });
    expect(video?.titol).toBe('El Telenotícies');
    expect(video?.durada).toBe('1800');
    expect(video?.subtitolat).toBe('true');
    expect(video?.temporada).toBe('No Informat');
    expect(video?.tipusContingutHeartbeat).toBe('No Informat');
  });

  it('a page without a video group has no resolved video', () => {
    expect(readVideoData(newsArticle())).toBeUndefined();
    expect(readVideoData({ video: 'player' })).toBeUndefined();
  });
});

describe('readDataLayer: input that is not a data layer', () => {
  it.each([undefined, null, 42, 'mesuraData', [], () => 0])('treats %s as an empty data layer', (raw) => {
    const resolved = readDataLayer(raw, { now: FIXED_NOW });
    expect(resolved.page.seccio).toBe('No informat');
    expect(resolved.page.pageName).toBe('noDisponible');
    expect(resolved.user.idUsuari).toBe('No informat');
    expect(resolved.derived.loginState).toBe('no logat');
  });

  it('treats a revoked proxy as an empty data layer', () => {
    const { proxy, revoke } = Proxy.revocable({ page: { seccio: 'noticies' } }, {});
    revoke();
    expect(readDataLayer(proxy, { now: FIXED_NOW }).page.seccio).toBe('No informat');
  });

  it('groups that are not objects count as missing', () => {
    const resolved = readDataLayer({ page: 'noticies', user: 7 }, { now: FIXED_NOW });
    expect(resolved.page.seccio).toBe('No informat');
    expect(resolved.user.idUsuari).toBe('No informat');
  });
});
