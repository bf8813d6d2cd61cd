/**
 * Receipts (docs/product.md §5, §9): at most 5 MB, an image or a PDF by content (not by name or the type the
 * browser claims), stored under a normalised name.
 */

/** 5 MB = 5120 KB. */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

export interface ReceiptType {
  contentType: string;
  extension: string;
  /** Browsers can show it in an <img> (PDFs go in a frame). */
  kind: 'image' | 'pdf';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** HEIF brands phones write (ISO base media "ftyp" box). */
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/** The receipt's real type from its first bytes, or null when it is neither an image nor a PDF. */
export function detectReceiptType(bytes: Uint8Array): ReceiptType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg', kind: 'image' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png', kind: 'image' };
  }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif', kind: 'image' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp', kind: 'image' };
  }
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (HEIF_BRANDS.includes(brand)) return { contentType: 'image/heic', extension: 'heic', kind: 'image' };
  }
  // PDF readers accept the header anywhere in the first kilobyte; files from scanners often have junk first.
  // But markup before it, or HTML in that kilobyte, is an HTML/PDF polyglot: a browser that ever
  // sniffed it would run its script. Refused (decision 19).
  const head = String.fromCharCode(...bytes.slice(0, 1024));
  const pdfAt = head.indexOf('%PDF-');
  if (pdfAt < 0 || head.slice(0, pdfAt).includes('<') || MARKUP.test(head)) return null;
  return { contentType: 'application/pdf', extension: 'pdf', kind: 'pdf' };
}

const MARKUP = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed|meta|img|a\s)/i;

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/** The extension a stored file of this content type is served with ("bin" for anything else). */
export function extensionOfType(contentType: string): string {
  return EXTENSION_OF_TYPE[contentType] ?? 'bin';
}

const MAX_BASE_LENGTH = 100;

/**
 * docs/product.md §5: lowercase, and every non-alphanumeric character of the base name becomes an underscore
 * ("My Receipt (1).JPG" → "my_receipt__1_.jpg"). Folders a browser may send are dropped. The extension
 * is always the detected type's (decision 19): an uploader's extension that says something else stays
 * only as part of the base ("evil.html" holding a PDF → "evil_html.pdf").
 */
export function normaliseFileName(original: string, detectedExtension: string): string {
  const name = original.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  const rawExtension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const sameType = rawExtension === detectedExtension || SYNONYMS[rawExtension] === detectedExtension;
  const rawBase = sameType ? name.slice(0, dot) : name;
  const base =
    rawBase
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '_')
      .slice(0, MAX_BASE_LENGTH) || 'file';
  return `${base}.${detectedExtension}`;
}

const SYNONYMS: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', heif: 'heic' };
