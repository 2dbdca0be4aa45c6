import { describe, expect, it, vi } from 'vitest';
import { attachHls, type HlsModule } from '../src/player/hls-source';

function fakeHlsModule(supported: boolean) {
  const instances: { loadSource: ReturnType<typeof vi.fn>; attachMedia: ReturnType<typeof vi.fn> }[] = [];
  const HlsJs = vi.fn(function (this: object) {
    const instance = { loadSource: vi.fn(), attachMedia: vi.fn() };
    instances.push(instance);
    return instance;
  }) as unknown as HlsModule;
  (HlsJs as unknown as { isSupported: () => boolean }).isSupported = () => supported;
  return { HlsJs, instances };
}

describe('attachHls', () => {
  it('plays the stream with hls.js where the browser has Media Source Extensions', async () => {
    const { HlsJs, instances } = fakeHlsModule(true);
    const media = { src: '' } as HTMLMediaElement;
    const hls = await attachHls('/media/hls/x/master.m3u8', media, () => Promise.resolve(HlsJs));
    expect(hls).toBe(instances[0]);
    expect(instances[0]!.loadSource).toHaveBeenCalledWith('/media/hls/x/master.m3u8');
    expect(instances[0]!.attachMedia).toHaveBeenCalledWith(media);
    expect(media.src).toBe('');
  });

  it('hands the stream to the element where hls.js cannot play it (native HLS)', async () => {
    const { HlsJs, instances } = fakeHlsModule(false);
    const media = { src: '' } as HTMLMediaElement;
    expect(await attachHls('/media/hls/x/master.m3u8', media, () => Promise.resolve(HlsJs))).toBeUndefined();
    expect(media.src).toBe('/media/hls/x/master.m3u8');
    expect(instances).toEqual([]);
  });
});
