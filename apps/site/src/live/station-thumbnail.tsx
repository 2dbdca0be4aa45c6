import { imagePath, imageSrcSet, stationPosterId } from '@mesura/content';

/** The width a thumbnail is shown at in a list of channels or stations (three to a row at most). */
const THUMBNAIL_WIDTH_PX = 320;
/** 16:9, as every poster is: with width and height given, the list does not shift as images load. */
const THUMBNAIL_HEIGHT_PX = 180;
/** A third of the page's column on wide screens, the whole of it on phones. */
const THUMBNAIL_SIZES = '(min-width: 48rem) 33vw, 100vw';

/**
 * A channel's or station's poster (made with the media at the site's build) in its list's entry.
 * Decorative: the entry's heading beside it names the channel.
 */
export function StationThumbnail({ slug }: { slug: string }) {
  const id = stationPosterId(slug);
  return (
    <img
      className="live-channels__thumbnail"
      src={imagePath(id, THUMBNAIL_WIDTH_PX)}
      srcSet={imageSrcSet(id)}
      sizes={THUMBNAIL_SIZES}
      width={THUMBNAIL_WIDTH_PX}
      height={THUMBNAIL_HEIGHT_PX}
      alt=""
      loading="lazy"
    />
  );
}
