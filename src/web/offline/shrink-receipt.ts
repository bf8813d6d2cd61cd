/**
 * A phone photo is often 4–8 MB; the server takes 5 MB at most and a field link sends
 * 750 kb/s. Images over 1.5 MB are re-drawn in the browser: longest side 2,000 px, the camera's
 * EXIF orientation applied (createImageBitmap 'from-image'), encoded as JPEG. Re-encoding through a
 * canvas keeps only the pixels, so location and other metadata are gone. PDFs and small images pass
 * unchanged. A HEIC photo of any size is converted to JPEG where the browser can decode it (Safari);
 * elsewhere (Chromium, Firefox) it passes unchanged and is shown as a file card.
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

/** An iPhone photo (HEIC/HEIF), by its type or, where the browser gives none, by its name. */
export function isHeic(file: Blob & { name?: string }): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name ?? '');
}

/** Large images are shrunk; a HEIC photo of any size is converted (most browsers cannot show it). */
export function needsShrinking(file: Blob & { name?: string }): boolean {
  return (file.type.startsWith('image/') && file.size > SHRINK_ABOVE_BYTES) || isHeic(file);
}

/** `IMG_1234.HEIC` → `IMG_1234.jpg`. */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^./]*$/, '') || 'receipt'}.jpg`;
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/**
 * The photo's pixels, the right way up: createImageBitmap first (EXIF orientation applied), then an
 * <img> (Safari decodes HEIC there; browsers apply EXIF orientation to images by default). Null when
 * this browser cannot decode it (HEIC on Chromium and Firefox).
 */
async function decode(file: File): Promise<Decoded | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // try an <img> below
    }
  }
  let url = '';
  try {
    url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    await image.decode();
    if (!image.naturalWidth) throw new Error('not decoded');
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch {
    if (url) URL.revokeObjectURL(url);
    return null;
  }
}

export async function shrinkReceipt(file: File): Promise<File> {
  if (!needsShrinking(file)) return file;
  const decoded = await decode(file);
  if (!decoded) return file; // not decodable here: sent as it is, shown as a file card
  const size = fittedSize(decoded.width, decoded.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    decoded.close();
    return file;
  }
  context.drawImage(decoded.source, 0, 0, size.width, size.height);
  decoded.close();
  let blob: Blob | null = null;
  for (const quality of QUALITIES) {
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob || blob.size <= SHRINK_ABOVE_BYTES) break;
  }
  if (!blob) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
