import { contentApi, type ChannelResponse, type ChannelsResponse, type ProgrammesResponse, type StationResponse, type StationsResponse } from '@mesura/content';
import type { RouteObject } from 'react-router';
import { loadContent } from '../content/content-client';
import type { LiveChannelData, LiveIndexData, LiveStationData } from '../live/live-data';

/** A channel with its guide, and the programmes (their codes for the data layer); undefined: 404. */
async function loadChannel(slug: string): Promise<LiveChannelData | undefined> {
  const [channel, programmes] = await Promise.all([loadContent<ChannelResponse>(contentApi.channel(slug)), loadContent<ProgrammesResponse>(contentApi.programmes())]);
  return channel === undefined ? undefined : { ...channel, programmes: programmes?.programmes ?? [] };
}

/**
 * A station with its schedule, the programmes (their codes for the data layer) and every station
 * with what is on (the page offers the others); undefined: 404.
 */
export async function loadStation({ params }: { params: { emissora?: string } }): Promise<LiveStationData | undefined> {
  const [station, programmes, stations] = await Promise.all([
    loadContent<StationResponse>(contentApi.station(params.emissora ?? '')),
    loadContent<ProgrammesResponse>(contentApi.programmes()),
    loadContent<StationsResponse>(contentApi.stations()),
  ]);
  return station === undefined ? undefined : { ...station, programmes: programmes?.programmes ?? [], stations: stations?.stations ?? [] };
}

/** The TV channels and the radio stations, with what is on each; undefined: 404. */
async function loadLiveIndex(): Promise<LiveIndexData | undefined> {
  const [channels, stations] = await Promise.all([loadContent<ChannelsResponse>(contentApi.channels()), loadContent<StationsResponse>(contentApi.stations())]);
  return channels === undefined ? undefined : { ...channels, stations: stations?.stations ?? [] };
}

/** Live TV and radio inside the site's layout. */
export const LIVE_ROUTES: RouteObject[] = [
  {
    path: 'directes/',
    loader: loadLiveIndex,
    lazy: { Component: async () => (await import('../pages/live-index-page')).LiveIndexPage },
  },
  {
    path: 'directes/:canal/',
    loader: ({ params }) => loadChannel(params.canal ?? ''),
    lazy: { Component: async () => (await import('../pages/live-channel-page')).LiveChannelPage },
  },
  {
    path: 'radio/',
    loader: () => loadContent<StationsResponse>(contentApi.stations()),
    lazy: { Component: async () => (await import('../pages/radio-index-page')).RadioIndexPage },
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
