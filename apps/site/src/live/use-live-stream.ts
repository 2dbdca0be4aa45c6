/**
 * The React side of live-stream.ts: starts the stream on the element once mounted (never during a
 * server render), and gives its state and controls to the component.
 */
import type { Broadcast } from '@mesura/content';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PageData, VideoData } from '../measurement/data-layer-types';
import { whenMediaApi } from '../player/media-api';
import { startLiveStream, type LiveStream, type LiveStreamState } from './live-stream';

export interface UseLiveStreamOptions {
  src: string;
  guide: readonly Broadcast[];
  initial: Broadcast;
  dataLayerFor(broadcast: Broadcast): { page: PageData; video: VideoData };
}

export function useLiveStream(media: RefObject<HTMLMediaElement | null>, options: UseLiveStreamOptions): { state: LiveStreamState; stream: RefObject<LiveStream | null> } {
  const [state, setState] = useState<LiveStreamState>({ live: true, playing: false, broadcast: options.initial, tracked: false });
  const stream = useRef<LiveStream | null>(null);
  // The latest builder, without restarting the stream when the page re-renders.
  const dataLayerFor = useRef(options.dataLayerFor);
  dataLayerFor.current = options.dataLayerFor;
  const { src, guide, initial } = options;

  useEffect(() => {
    if (!media.current) return;
    const started = startLiveStream({
      src,
      media: media.current,
      guide,
      initial,
      dataLayerFor: (broadcast) => dataLayerFor.current(broadcast),
      api: whenMediaApi(),
      onChange: setState,
    });
    stream.current = started;
    return () => {
      started.destroy();
      stream.current = null;
    };
  }, [media, src, guide, initial]);
  return { state, stream };
}
