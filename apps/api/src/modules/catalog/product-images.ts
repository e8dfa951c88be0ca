/** The widths an uploaded image is kept at: the grid's thumbnail and the product page's. */
export const IMAGE_WIDTHS = { thumbnail: 320, page: 800 } as const;
/** Where uploaded images are served from; their names hold their content's hash, so they never change. */
export const IMAGE_PATH = '/images/products';

/** The file an uploaded image's size is served as. */
export const imageFileName = (key: string, width: number) => `${key}-${width}.webp`;

/**
 * A product's image at each size. An upload sets `image_url` to its page size (what an order line keeps) and
 * `image_key` to its hash, from which the thumbnail is named; an image given only by URL serves both.
 */
export function productImageUrls(p: { imageUrl: string; imageKey: string | null }): {
  imageUrl: string;
  thumbnailUrl: string;
} {
  return {
    imageUrl: p.imageUrl,
    thumbnailUrl: p.imageKey ? thumbnailUrlOf(p.imageUrl, p.imageKey) : p.imageUrl,
  };
}

/** Beside the page size, wherever that is kept (IMAGE_PATH, or a bucket's public URL). */
function thumbnailUrlOf(imageUrl: string, key: string): string {
  const page = imageFileName(key, IMAGE_WIDTHS.page);
  const thumbnail = imageFileName(key, IMAGE_WIDTHS.thumbnail);
  return imageUrl.endsWith(`/${page}`)
    ? imageUrl.slice(0, -page.length) + thumbnail
    : `${IMAGE_PATH}/${thumbnail}`;
}
