/** What the live pages' route loaders (routes/live-routes.tsx) give their pages. */
import type { ChannelResponse, ChannelsResponse, Programme, StationResponse, StationsResponse } from '@mesura/content';

/** `/directes/{canal}/`: the channel and its guide, and the programmes, for the broadcasts' codes. */
export interface LiveChannelData extends ChannelResponse {
  programmes: Programme[];
}

/**
 * `/radio/{emissora}/` and its pop-out window: the station and its schedule, and every programme,
 * for the broadcasts' codes: a station also airs programmes of another (its podcasts are only its own).
 */
export interface LiveStationData extends StationResponse {
  programmes: Programme[];
  /** Every station with what is on now and next: the page offers the others. */
  stations: StationsResponse['stations'];
}

/** `/directes/`: the TV channels and the radio stations, with what is on each. */
export interface LiveIndexData extends ChannelsResponse {
  stations: StationsResponse['stations'];
}

/** The live TV index (packages/content's sitePaths has each channel's page, not the index). */
export const LIVE_INDEX_PATH = '/directes/';
/** The radio stations' index. */
export const RADIO_INDEX_PATH = '/radio/';

/** The pop-out window's size and name: one window per station, reused when opened again. */
export const POP_OUT_WINDOW_FEATURES = 'popup,width=420,height=640';
export const popOutWindowName = (station: string): string => `mesura-radio-${station}`;
