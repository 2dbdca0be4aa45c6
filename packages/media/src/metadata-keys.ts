/**
 * Standard metadata keys (spec §3 "Standard video metadata keys", "Audio keys", "Ad keys"): the
 * keys a media object's `standardMetadata` and an ad's context data use, sent as `s:meta:{key}`.
 * They are the commercial library's keys, so that reports built on them keep working.
 */
export const VideoMetadataKeys = {
  /** The programme. */
  Show: 'a.media.show',
  Season: 'a.media.season',
  Episode: 'a.media.episode',
  /** The asset id of the content. */
  Asset: 'a.media.asset',
  Genre: 'a.media.genre',
  /** First air date. */
  FirstAirDate: 'a.media.airDate',
  /** First digital date. */
  FirstDigitalDate: 'a.media.digitalDate',
  Rating: 'a.media.rating',
  /** The content's creator. */
  Originator: 'a.media.originator',
  Network: 'a.media.network',
  ShowType: 'a.media.type',
  AdLoad: 'a.media.adLoad',
  /** Multichannel video programming distributor. */
  MVPD: 'a.media.pass.mvpd',
  Authorized: 'a.media.pass.auth',
  DayPart: 'a.media.dayPart',
  Feed: 'a.media.feed',
  StreamFormat: 'a.media.format',
} as const;

export const AudioMetadataKeys = {
  Artist: 'a.media.artist',
  Album: 'a.media.album',
  Label: 'a.media.label',
  Author: 'a.media.author',
  Station: 'a.media.station',
  Publisher: 'a.media.publisher',
} as const;

export const AdMetadataKeys = {
  Advertiser: 'a.media.ad.advertiser',
  CampaignId: 'a.media.ad.campaign',
  CreativeId: 'a.media.ad.creative',
  PlacementId: 'a.media.ad.placement',
  SiteId: 'a.media.ad.site',
  CreativeUrl: 'a.media.ad.creativeURL',
} as const;
