import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PREVIEW_PATH_CHARS, pathProblem, previewLink, withPreviewParam } from '../../src/decide/preview-link.js';
import { createPreviewTokens, ensurePreviewKey, PREVIEW_KEY_FILE, PREVIEW_TTL_MS } from '../../src/decide/preview-token.js';
import { testActivity } from '../helpers/activity.js';

const NOW = Date.UTC(2026, 0, 15, 10);
const tokens = createPreviewTokens('k'.repeat(43));

describe('preview tokens', () => {
  it('round-trips the activity, the experience and an expiry PREVIEW_TTL_MS (1 hour) ahead', () => {
    expect(PREVIEW_TTL_MS).toBe(3_600_000);
    const { token, expiresMs } = tokens.sign('titular-1001', 'b', NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(expiresMs).toBe(NOW + PREVIEW_TTL_MS);
    expect(tokens.verify(token, NOW)).toEqual({ ok: true, value: { activityId: 'titular-1001', experienceId: 'b', expiresMs } });
  });

  it('expires on the clock: valid until the last millisecond of its hour, refused from its end', () => {
    const { token } = tokens.sign('prova', 'a', NOW);
    expect(tokens.verify(token, NOW + PREVIEW_TTL_MS - 1).ok).toBe(true);
    expect(tokens.verify(token, NOW + PREVIEW_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose payload or signature was altered, or that another key signed', () => {
    const { token } = tokens.sign('prova', 'a', NOW);
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(`prova.b.${NOW + PREVIEW_TTL_MS}`).toString('base64url');
    const longer = Buffer.from(`prova.a.${NOW + 100 * PREVIEW_TTL_MS}`).toString('base64url');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const tampered of [`${otherPayload}.${signature}`, `${longer}.${signature}`, `${payload}.${flipped}`]) {
      expect(tokens.verify(tampered, NOW), tampered).toEqual({ ok: false, reason: 'bad-signature' });
    }
    expect(createPreviewTokens('x'.repeat(43)).verify(token, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses what is not a token without decoding it', () => {
    const { token } = tokens.sign('prova', 'a', NOW);
    for (const bad of ['', 'abc', `.${token}`, `${token}.x`, `${token}!`, `${'a'.repeat(301)}.b`]) {
      expect(tokens.verify(bad, NOW), bad).toMatchObject({ ok: false });
    }
    expect(tokens.verify('abc', NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  describe('the key file', () => {
    const dirs: string[] = [];
    afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    it('is made once in the data folder, readable by its owner only, and kept', () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'mesura-preview-'));
      dirs.push(dir);
      const key = ensurePreviewKey(dir);
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(statSync(path.join(dir, PREVIEW_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(ensurePreviewKey(dir)).toBe(key);
      expect(readFileSync(path.join(dir, PREVIEW_KEY_FILE), 'utf8')).toBe(key);
    });
  });
});

describe('preview links', () => {
  const activity = testActivity({
    experiences: [
      { id: 'a', name: 'A', share: 1 },
      { id: 'b', name: 'B', share: 1 },
    ],
  });

  it('adds the token to the query, keeping the query as written and the fragment last', () => {
    expect(withPreviewParam('/noticia/1001/', 'T')).toBe('/noticia/1001/?mesura_preview=T');
    expect(withPreviewParam('/cerca?q=a%20b&x=1+2#resultats', 'T')).toBe('/cerca?q=a%20b&x=1+2&mesura_preview=T#resultats');
    expect(withPreviewParam('/?#', 'T')).toBe('/?mesura_preview=T#');
    expect(withPreviewParam('/a?mesura_preview=old&b=1&mesura_preview', 'T')).toBe('/a?b=1&mesura_preview=T');
  });

  it('answers the link and its expiry as ISO 8601', () => {
    const link = previewLink({ experienceId: 'b', path: '/noticia/1001/?utm=x#top' }, activity, tokens, NOW);
    if (!link.ok) throw new Error(link.reason);
    expect(link.value.expiresAt).toBe(new Date(NOW + PREVIEW_TTL_MS).toISOString());
    const token = /mesura_preview=([^&#]+)/.exec(link.value.url)![1]!;
    expect(link.value.url).toBe(`/noticia/1001/?utm=x&mesura_preview=${token}#top`);
    expect(tokens.verify(token, NOW)).toMatchObject({ ok: true, value: { activityId: 'prova', experienceId: 'b' } });
  });

  it.each([
    ['noticia/1001/', 'path must be a path of the site, starting with /'],
    ['https://elsewhere.example/', 'path must be a path of the site, starting with /'],
    ['//elsewhere.example/', 'path must not start with //: that names another host'],
    ['/\\elsewhere.example/', 'path must not contain a backslash: browsers read it as /'],
    [`/${'x'.repeat(MAX_PREVIEW_PATH_CHARS)}`, `path is longer than ${MAX_PREVIEW_PATH_CHARS} characters`],
    ['/a\nb', 'path must not contain control characters'],
    [42, 'path must be a path of the site, starting with /'],
  ])('refuses the path %j', (path, reason) => {
    expect(pathProblem(path)).toBe(reason);
    expect(previewLink({ experienceId: 'a', path }, activity, tokens, NOW)).toEqual({ ok: false, reason });
  });

  it('takes a path of exactly MAX_PREVIEW_PATH_CHARS (2048) characters', () => {
    expect(MAX_PREVIEW_PATH_CHARS).toBe(2048);
    expect(pathProblem(`/${'x'.repeat(MAX_PREVIEW_PATH_CHARS - 1)}`)).toBeUndefined();
  });

  it('refuses an experience the activity does not have, and a request of another shape', () => {
    expect(previewLink({ experienceId: 'c', path: '/' }, activity, tokens, NOW)).toEqual({ ok: false, reason: 'experienceId must name an experience of activity prova: a, b' });
    const shape = { ok: false, reason: 'a preview request is {"experienceId": "…", "path": "/…"}' };
    expect(previewLink({ experienceId: 'a', path: '/', extra: 1 }, activity, tokens, NOW)).toEqual(shape);
    expect(previewLink(undefined, activity, tokens, NOW)).toEqual(shape);
  });
});
