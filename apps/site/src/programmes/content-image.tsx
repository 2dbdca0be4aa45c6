import { IMAGE_ASPECT_RATIO, imagePath, imageSrcSet, type ImageRef } from '@mesura/content';

/** Width and height attributes that reserve the image's 16:9 box before it loads (no layout shift). */
const BOX_WIDTH_PX = 640;
const BOX_HEIGHT_PX = Math.round(BOX_WIDTH_PX / IMAGE_ASPECT_RATIO);

/**
 * A pool image in every generated width. `sizes` says how wide it is shown; `eager` for the one
 * image above the fold, every other loads lazily.
 */
export function ContentImage({ image, sizes, eager = false, className }: { image: ImageRef; sizes: string; eager?: boolean; className?: string }) {
  return (
    <img
      className={className}
      src={imagePath(image.id, 640)}
      srcSet={imageSrcSet(image.id)}
      sizes={sizes}
      width={BOX_WIDTH_PX}
      height={BOX_HEIGHT_PX}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
