import { describe, expect, it } from 'vitest';
import { pageVariables, readDataLayer } from '@mesura/datalayer';
import { FIXED_NOW, LOGGED_IN_COOKIE, newsArticle } from './helpers/fixtures.js';

describe('pageVariables', () => {
  it('maps a filled data layer onto the variable names (§3)', () => {
    const resolved = readDataLayer(newsArticle(), { now: FIXED_NOW, cookies: LOGGED_IN_COOKIE });
    expect(pageVariables(resolved)).toEqual({
      section: 'noticies',
      subsection: 'politica',
      subsectionLevel1: 'parlament',
      subsectionLevel2: 'ple',
      programme: 'telenoticies',
      programmeName: 'Telenotícies vespre',
      broadcastChannel: '3cat24',
      pageType: 'noticia',
      loginState: 'logat',
      userId: 'u-987',
      bigDataId: 'bd-654',
      portal: '3cat',
      web: '3cat24',
      language: 'ca',
      contentProducer: '3cat24',
      topicArea: 'Política',
      thematic: 'actualitat',
      groupingCategory: 'Informatius',
      delivertyId: '1234567',
      contentTitle: 'Ple del Parlament',
      author: 'Redacció',
      timestamp: '11/23/2026 09:05:07',
      searchKeywords: 'eleccions',
      searchResults: '42',
      pageUrl: 'https://www.example.cat/3cat24/noticia/1234567/',
      viewport: 'mobile',
      clickOrigin: 'portada',
      clickIdentifier: 'destacat-1',
      emissionType: 'a la carta',
      publicationTime: '23/11/2026 08:30',
      internalCampaign: 'portada',
      socialAction: 'compartir-x',
      contentFormat: 'text',
      contentType: 'noticia',
      broadcastDate: '22/11/2026',
      relatedItems: '111,222',
      multimediaContent: 'true',
      screenReader: 'false',
    });
  });

  it('gives every variable a default on an empty data layer (§5)', () => {
    expect(pageVariables(readDataLayer(undefined, { now: FIXED_NOW }))).toEqual({
      section: 'No informat',
      subsection: 'No informat',
      subsectionLevel1: 'No informat',
      subsectionLevel2: 'No informat',
      programme: 'No informat',
      programmeName: 'No informat',
      broadcastChannel: 'No Informat',
      pageType: 'No Informat',
      loginState: 'no logat',
      userId: 'No informat',
      bigDataId: 'No Informat',
      portal: 'No Informat',
      web: 'No Informat',
      language: 'No Informat',
      contentProducer: 'No Informat',
      topicArea: 'No Informat',
      thematic: 'No Informat',
      groupingCategory: 'No Informat',
      delivertyId: 'No Informat',
      contentTitle: 'No Informat',
      author: 'No Informat',
      timestamp: '11/23/2026 09:05:07',
      searchKeywords: 'No Informat',
      searchResults: 'No Informat',
      pageUrl: 'No Informat',
      viewport: 'No Informat',
      clickOrigin: 'No Informat',
      clickIdentifier: 'No Informat',
      emissionType: 'No Informat',
      publicationTime: 'No Informat',
      internalCampaign: 'No Informat',
      socialAction: 'No Informat',
      contentFormat: 'No Informat',
      contentType: 'No Informat',
      broadcastDate: 'No Informat',
      relatedItems: 'No Informat',
      multimediaContent: 'No Informat',
      screenReader: 'No Informat',
    });
  });

  it("carries page type 'errorPage' on an Error404 page (§2)", () => {
    const resolved = readDataLayer({ page: { status: 'Error404', pageType: 'noticia' } }, { now: FIXED_NOW });
    expect(pageVariables(resolved).pageType).toBe('errorPage');
  });
});
