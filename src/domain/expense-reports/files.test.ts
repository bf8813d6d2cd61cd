import { detectReceiptType, MAX_RECEIPT_BYTES, normaliseFileName } from './files';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : value)),
  );

describe('receipt type by content', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), 'image/png'],
    ['GIF', bytes('GIF89a', 1, 0, 1, 0), 'image/gif'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['HEIC', bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0), 'image/heic'],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
    ['PDF after junk', bytes('\r\n\r\n%PDF-1.4'), 'application/pdf'],
    ['PDF with dictionaries', bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >>'), 'application/pdf'],
  ])('%s is accepted', (_name, content, type) => {
    expect(detectReceiptType(content)?.contentType).toBe(type);
  });

  it.each([
    ['text', bytes('hello, this is not a receipt')],
    ['HTML named .jpg', bytes('<html><script>alert(1)</script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['ZIP', bytes('PK', 3, 4)],
    ['MP4', bytes(0, 0, 0, 0x18, 'ftypisom')],
    ['empty', bytes()],
    ['truncated PNG', bytes(0x89, 'PN')],
    // HTML/PDF polyglots (decision 19): a PDF header after markup, or HTML inside the first kilobyte.
    ['HTML, then a PDF header', bytes('<html><body><script>alert(1)</script>%PDF-1.4')],
    ['a PDF header, then HTML', bytes('%PDF-1.4\n<html><script>alert(document.cookie)</script>')],
    ['a PDF header after a doctype', bytes('<!DOCTYPE html>\n%PDF-1.7')],
  ])('%s is refused', (_name, content) => {
    expect(detectReceiptType(content)).toBeNull();
  });

  it('allows 5 MB (5120 KB)', () => {
    expect(MAX_RECEIPT_BYTES).toBe(5120 * 1024);
  });
});

describe('file name normalisation', () => {
  it.each([
    // uploaded name, detected extension, stored name: the extension is always the detected type's
    ['My Receipt (1).JPG', 'jpg', 'my_receipt__1_.jpg'],
    ['taxi-fare 03.03.pdf', 'pdf', 'taxi_fare_03_03.pdf'],
    ['IMG_0042.HEIC', 'heic', 'img_0042.heic'],
    ['C:\\fakepath\\Hotel Bill.png', 'png', 'hotel_bill.png'],
    ['/home/user/scan.PDF', 'pdf', 'scan.pdf'],
    ['recibo café.jpeg', 'jpg', 'recibo_caf_.jpg'],
    ['noextension', 'jpg', 'noextension.jpg'],
    ['.hidden', 'png', '_hidden.png'],
    ['', 'pdf', 'file.pdf'],
    ['evil.html', 'pdf', 'evil_html.pdf'], // never served as .html
    ['photo.png', 'jpg', 'photo_png.jpg'], // a JPEG named .png is a .jpg
    ['invoice.pdf.exe', 'pdf', 'invoice_pdf_exe.pdf'],
  ])('%s (%s) → %s', (original, detected, expected) => {
    expect(normaliseFileName(original, detected)).toBe(expected);
  });

  it('keeps names to a sane length', () => {
    expect(normaliseFileName(`${'a'.repeat(300)}.jpg`, 'jpg')).toBe(`${'a'.repeat(100)}.jpg`);
  });
});
