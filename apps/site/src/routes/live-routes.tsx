import { contentApi, type ChannelResponse, type ChannelsResponse, type ProgrammesResponse, type StationResponse } from '@mesura/content';
import type { RouteObject } from 'react-router';
import { loadContent } from '../content/content-client';
import type { LiveChannelData, LiveStationData } from '../live/live-data';

/** A channel with its guide, and the programmes (their codes for the data layer); undefined: 404. */
async function loadChannel(slug: string): Promise<LiveChannelData | undefined> {
  const [channel, programmes] = await Promise.all([loadContent<ChannelResponse>(contentApi.channel(slug)), loadContent<ProgrammesResponse>(contentApi.programmes())]);
  return channel === undefined ? undefined : { ...channel, programmes: programmes?.programmes ?? [] };
}

/** A station with its schedule, and the programmes (their codes for the data layer); undefined: 404. */
export async function loadStation({ params }: { params: { emissora?: string } }): Promise<LiveStationData | undefined> {
  const [station, programmes] = await Promise.all([loadContent<StationResponse>(contentApi.station(params.emissora ?? '')), loadContent<ProgrammesResponse>(contentApi.programmes())]);
  return station === undefined ? undefined : { ...station, programmes: programmes?.programmes ?? [] };
}

/** Live TV and radio inside the site's layout. */
export const LIVE_ROUTES: RouteObject[] = [
  {
    path: 'directes/',
    loader: () => loadContent<ChannelsResponse>(contentApi.channels()),
    lazy: { Component: async () => (await import('../pages/live-index-page')).LiveIndexPage },
  },
  {
    path: 'directes/:canal/',
    loader: ({ params }) => loadChannel(params.canal ?? ''),
    lazy: { Component: async () => (await import('../pages/live-channel-page')).LiveChannelPage },
  },
  {
    path: 'radio/:emissora/',
    loader: loadStation,
    lazy: { Component: async () => (await import('../pages/radio-page')).RadioPage },
  },
];

/** Pages without the site's layout (the radio's pop-out window). */
export const LIVE_STANDALONE_ROUTES: RouteObject[] = [
  {
    path: '/radio/finestra/:emissora/',
    loader: loadStation,
    lazy: { Component: async () => (await import('../pages/radio-popout-page')).RadioPopOutPage },
  },
];
