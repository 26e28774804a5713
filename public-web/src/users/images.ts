/** Client-side check of an image before upload (PNG, JPG, GIF or WebP up to 5MB, as the server accepts; it checks by content). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The help text beside every image picker. */
export const IMAGE_HINT = 'PNG, JPG, GIF or WebP up to 5MB';

export const IMAGE_TYPE_MESSAGE = 'Please choose a PNG, JPG, GIF or WebP image';
export const IMAGE_SIZE_MESSAGE = 'Image must be 5MB or smaller';

/** The message to show, or undefined when the file may be sent. */
export function checkImage(file: File): string | undefined {
  const byName = /\.(png|jpe?g|gif|webp)$/i.test(file.name);
  if (!(TYPES.includes(file.type) || (!file.type && byName))) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_SIZE_MESSAGE;
  return undefined;
}
