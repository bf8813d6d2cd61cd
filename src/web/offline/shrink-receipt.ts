/**
 * Issue 11: a phone photo is often 4–8 MB; the server takes 5 MB at most and a field link sends
 * 750 kb/s. Images over 1.5 MB are re-drawn in the browser: longest side 2,000 px, the camera's
 * EXIF orientation applied (createImageBitmap 'from-image'), encoded as JPEG. Re-encoding through a
 * canvas keeps only the pixels, so location and other metadata are gone. PDFs and small images pass
 * unchanged; an image the browser cannot decode (HEIC on most browsers) passes unchanged too.
 */
export const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;
export const LONGEST_SIDE = 2000;
/** JPEG qualities tried in turn until the photo is at most SHRINK_ABOVE_BYTES. */
const QUALITIES = [0.85, 0.75, 0.6, 0.45];

/** The drawn size: the longest side at most `longest`, the aspect kept, never enlarged. */
export function fittedSize(width: number, height: number, longest = LONGEST_SIDE): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function needsShrinking(file: Blob): boolean {
  return file.type.startsWith('image/') && file.size > SHRINK_ABOVE_BYTES;
}

/** `IMG_1234.HEIC` → `IMG_1234.jpg`. */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^./]*$/, '') || 'receipt'}.jpg`;
}

export async function shrinkReceipt(file: File): Promise<File> {
  if (!needsShrinking(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here: sent as it is, shown as a file card
  }
  const size = fittedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  let blob: Blob | null = null;
  for (const quality of QUALITIES) {
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob || blob.size <= SHRINK_ABOVE_BYTES) break;
  }
  if (!blob) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
