/**
 * The video episodes' media made at build (scripts/generate-episodes.mjs): each episode's playlists
 * repeat its programme's stretch to the episode's length, and a second build makes nothing while
 * the seed's plan and the scripts are unchanged (the stamp holds their hash).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSeedContent } from '@mesura/content';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { mediaPlan } from '../scripts/episode-plan.mjs';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { masterPlaylist, mediaPlaylist } from '../scripts/episode-playlists.mjs';
// @ts-expect-error: a build script in plain JavaScript, without types.
import { generateEpisodes, planHash, posterFiles, STAMP_FILE, upToDate } from '../scripts/generate-episodes.mjs';

const SEGMENT_SECONDS = 2;
/** 12 segments a stretch, as a 24 s stretch of 2 s segments is. */
const STRETCH_SEGMENTS = 12;
/** A realistic episode: minutes, not a clip. */
const MIN_EPISODE_SECONDS = 4 * 60;
const MAX_EPISODE_SECONDS = 25 * 60;

interface PlannedEpisode {
  id: string;
  lengthSeconds: number;
}

const publicDir = mkdtempSync(path.join(tmpdir(), 'mesura-episodes-'));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

describe('an episode’s media playlist', () => {
  const text: string = mediaPlaylist({ segmentSeconds: SEGMENT_SECONDS, stretchSegments: STRETCH_SEGMENTS, lengthSeconds: 60, stretchUri: '../programes/p/720p' });
  const lengths = [...text.matchAll(/^#EXTINF:([\d.]+),$/gm)].map((match) => Number(match[1]));

  it('lists segments adding up to the episode’s length, and ends', () => {
    expect(lengths).toHaveLength(30);
    expect(lengths.reduce((sum, seconds) => sum + seconds, 0)).toBe(60);
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('starts the stretch again after a discontinuity, with its initialisation segment', () => {
    expect(text.match(/^#EXT-X-DISCONTINUITY$/gm)).toHaveLength(2);
    expect(text.match(/^#EXT-X-MAP:URI="\.\.\/programes\/p\/720p\/init\.mp4"$/gm)).toHaveLength(3);
    expect(text.match(/segment-0\.m4s$/gm)).toHaveLength(3);
    expect(text).not.toContain(`segment-${STRETCH_SEGMENTS}.m4s`);
  });
});

describe('an episode’s master playlist', () => {
  it('lists every rendition, lowest first, with its codecs', () => {
    const renditions = [
      { name: '144p', width: 256, height: 144, peakBitsPerSecond: 200_000 },
      { name: '720p', width: 1280, height: 720, peakBitsPerSecond: 1_800_000 },
    ];
    expect(masterPlaylist({ renditions, frameRate: 15, codecs: 'vp09.00.10.08,mp4a.40.2' })).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=256x144,FRAME-RATE=15.000,CODECS="vp09.00.10.08,mp4a.40.2"',
        '144p.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1800000,RESOLUTION=1280x720,FRAME-RATE=15.000,CODECS="vp09.00.10.08,mp4a.40.2"',
        '720p.m3u8',
        '',
      ].join('\n'),
    );
  });
});

describe('a live channel’s master playlist', () => {
  it('points at a folder per rendition, as the live server reads a looped folder', () => {
    const renditions = [{ name: '360p', width: 640, height: 360, peakBitsPerSecond: 500_000 }];
    const text: string = masterPlaylist({ renditions, frameRate: 15, codecs: 'vp09.00.10.08,mp4a.40.2', uriOf: (name: string) => `${name}/index.m3u8` });
    expect(text.trimEnd().split('\n').at(-1)).toBe('360p/index.m3u8');
  });
});

describe('the generation plan', () => {
  it('makes a live loop for every TV channel, and a poster from a frame for every video programme', async () => {
    const plan = await mediaPlan();
    expect(plan.channels.map((c: { slug: string }) => c.slug)).toEqual(createSeedContent().channels.map((c) => c.slug));
    for (const programme of plan.programmes as { slug: string; posterId?: string }[]) expect(programme.posterId).toBe(`programa-${programme.slug}`);
  });

  it('gives every seeded video episode a realistic length, a whole number of segments', async () => {
    const plan = await mediaPlan();
    expect(plan.episodes.length).toBeGreaterThan(0);
    for (const episode of plan.episodes as PlannedEpisode[]) {
      expect(episode.lengthSeconds, episode.id).toBeGreaterThanOrEqual(MIN_EPISODE_SECONDS);
      expect(episode.lengthSeconds, episode.id).toBeLessThanOrEqual(MAX_EPISODE_SECONDS);
      expect(episode.lengthSeconds % SEGMENT_SECONDS, episode.id).toBe(0);
    }
  });

  it('is cached: with the stamp of an unchanged plan, a run makes nothing', async () => {
    const plan = await mediaPlan();
    const outDir = path.join(publicDir, 'media/episodis');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, STAMP_FILE), planHash(plan));
    mkdirSync(path.join(publicDir, 'imatges'), { recursive: true });
    for (const file of posterFiles(plan, publicDir) as string[]) writeFileSync(file, '');
    expect(await generateEpisodes(publicDir)).toEqual({ made: false, programmes: 0, channels: 0, episodes: 0, posters: 0 });
    expect(readdirSync(outDir)).toEqual([STAMP_FILE]);
  });

  it('is not up to date when a poster has gone, though the stamp matches', async () => {
    const plan = await mediaPlan();
    const [first] = posterFiles(plan, publicDir) as string[];
    rmSync(first!);
    expect(upToDate(plan, publicDir)).toBe(false);
  });

  it('changes its stamp when an episode’s length changes', async () => {
    const plan = await mediaPlan();
    const longer = { ...plan, episodes: plan.episodes.map((e: PlannedEpisode, i: number) => (i === 0 ? { ...e, lengthSeconds: e.lengthSeconds + SEGMENT_SECONDS } : e)) };
    expect(planHash(longer)).not.toBe(planHash(plan));
  });
});
