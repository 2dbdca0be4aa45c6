import { describe, expect, it } from 'vitest';
import { IMAGE_POOL, createSeedContent, episodePosterId, sitePaths } from '@mesura/content';

const content = createSeedContent();

describe('the seeded content', () => {
  it('has at least 60 articles over at least 6 sections, each with subsections, and every article in its own', () => {
    expect(content.articles.length).toBeGreaterThanOrEqual(60);
    expect(content.sections.length).toBeGreaterThanOrEqual(6);
    for (const section of content.sections) expect(section.subsections.length).toBeGreaterThanOrEqual(2);
    for (const article of content.articles) {
      const section = content.sections.find((s) => s.slug === article.section);
      expect(
        section?.subsections.map((s) => s.slug),
        article.id,
      ).toContain(article.subsection);
      expect(article.paragraphs.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(content.articles.map((a) => a.id)).size).toBe(content.articles.length);
    expect(new Set(content.articles.map((a) => sitePaths.article(a))).size).toBe(content.articles.length);
  });

  it('names only authors, themes, images and related items that exist', () => {
    const ids = new Set([...content.articles.map((a) => a.id), ...content.episodes.map((e) => e.id)]);
    const pool = new Set(IMAGE_POOL.map((image) => image.id));
    for (const article of content.articles) {
      expect(
        content.authors.some((a) => a.slug === article.author),
        article.id,
      ).toBe(true);
      for (const theme of article.themes)
        expect(
          content.themes.some((t) => t.slug === theme),
          theme,
        ).toBe(true);
      for (const id of article.related) expect(ids.has(id), `${article.id} → ${id}`).toBe(true);
      expect(pool.has(article.image.id)).toBe(true);
      expect(article.image.alt).not.toBe('');
    }
    // A video episode's poster is a frame of its own picture, made with its media at build.
    for (const episode of content.episodes) expect(pool.has(episode.image.id) || (episode.kind === 'video' && episode.image.id === episodePosterId(episode.id)), episode.id).toBe(true);
  });

  it('keeps the first five articles as the personalisation rules and the e2e tests name them', () => {
    const first = content.articles.find((a) => a.id === '1001');
    expect(first).toMatchObject({ slug: 'parlament-aprova-llei-habitatge-assequible', section: 'politica', author: 'laia-puig', topicAreas: ['habitatge', 'parlament', 'lloguer'] });
    expect(content.articles.filter((a) => ['1001', '1002', '1003', '1004', '1005'].includes(a.id))).toHaveLength(5);
  });

  it('has 8 programmes whose seasons list episodes that exist and belong to them, video and podcast', () => {
    expect(content.programmes).toHaveLength(8);
    expect(content.programmes.some((p) => p.kind === 'video')).toBe(true);
    expect(content.programmes.some((p) => p.kind === 'audio')).toBe(true);
    for (const programme of content.programmes) {
      expect(programme.seasons.length).toBeGreaterThanOrEqual(1);
      for (const season of programme.seasons) {
        for (const id of season.episodes) {
          const episode = content.episodes.find((e) => e.id === id);
          expect(episode, id).toMatchObject({ programme: programme.slug, season: season.number });
        }
      }
    }
    const podcast = content.episodes.find((e) => e.kind === 'audio' && e.number > 0);
    expect(podcast?.download).toMatchObject({ path: podcast?.src, type: 'audio/mpeg' });
  });

  it("keeps the original clips' fields, which e2e/media.test.ts measures", () => {
    expect(content.episodes.find((e) => e.id === 'clip-de-prova')).toMatchObject({ lengthSeconds: 12, adBreaks: [{ offsetSeconds: 0, vast: ['/ads/anunci-1.xml', '/ads/anunci-2.xml'] }] });
    expect(content.episodes.find((e) => e.id === 'audio-de-prova')).not.toHaveProperty('download');
    expect(content.programmes.find((p) => p.slug === 'mesura-noticies')?.code).toBe('MESURA-NOTICIES');
  });

  it('is the same on every call (tests and pages can name it)', () => {
    expect(JSON.stringify(createSeedContent())).toBe(JSON.stringify(content));
  });
});
