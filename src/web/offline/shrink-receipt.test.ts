import { fittedSize, isHeic, jpegName, needsShrinking, SHRINK_ABOVE_BYTES, shrinkReceipt } from './shrink-receipt';

describe('the drawn size of a shrunk photo', () => {
  it.each([
    // [width, height] → longest side 2,000 px, aspect kept
    [4032, 3024, 2000, 1500], // 4032/3024 = 4:3 → 2000 × 1500
    [3024, 4032, 1500, 2000], // portrait, after EXIF orientation
    [6000, 1000, 2000, 333], // 1000 × 2000/6000 = 333.3 → 333
    [2000, 2000, 2000, 2000], // exactly the limit: unchanged
    [1200, 800, 1200, 800], // smaller: never enlarged
  ])('%i × %i → %i × %i', (width, height, expectedWidth, expectedHeight) => {
    expect(fittedSize(width, height)).toEqual({ width: expectedWidth, height: expectedHeight });
  });
});

describe('which files are shrunk', () => {
  const sized = (type: string, bytes: number) => new Blob([new Uint8Array(bytes)], { type });
  it.each([
    ['a 6 MB JPEG', sized('image/jpeg', 6 * 1024 * 1024), true],
    ['a 2 MB HEIC (converted where the browser decodes it)', sized('image/heic', 2 * 1024 * 1024), true],
    ['a 1.5 MB photo: at the limit, unchanged', sized('image/jpeg', SHRINK_ABOVE_BYTES), false],
    ['a 6 MB PDF: never', sized('application/pdf', 6 * 1024 * 1024), false],
  ])('%s', (_name, blob, expected) => {
    expect(needsShrinking(blob)).toBe(expected);
  });

  it('names the result .jpg', () => {
    expect(jpegName('IMG_1234.HEIC')).toBe('IMG_1234.jpg');
    expect(jpegName('scan.receipt.png')).toBe('scan.receipt.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
  });

  it('passes a PDF and a small image through untouched', async () => {
    const pdf = new File([new Uint8Array(3 * 1024 * 1024)], 'r.pdf', { type: 'application/pdf' });
    const small = new File([new Uint8Array(1000)], 'r.png', { type: 'image/png' });
    expect(await shrinkReceipt(pdf)).toBe(pdf);
    expect(await shrinkReceipt(small)).toBe(small);
  });
});

describe('HEIC photos', () => {
  const heic = (name: string, type: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type });

  it('are converted at any size, known by their type or, without one, by their name', () => {
    expect(isHeic(heic('IMG_0001.HEIC', 'image/heic'))).toBe(true);
    expect(isHeic(heic('IMG_0001.heif', ''))).toBe(true);
    expect(isHeic(heic('IMG_0001.jpg', 'image/jpeg'))).toBe(false);
    expect(needsShrinking(heic('IMG_0001.HEIC', 'image/heic'))).toBe(true);
    expect(needsShrinking(heic('IMG_0001.HEIC', ''))).toBe(true);
  });

  it('pass unchanged where the browser cannot decode them (Chromium, Firefox, here)', async () => {
    const photo = heic('IMG_0001.HEIC', 'image/heic', 2 * 1024 * 1024);
    expect(await shrinkReceipt(photo)).toBe(photo);
  });
});
