import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts every PDF draws with (docs/reports.md, "Fonts and scripts"). Noto Sans covers Latin
 * (with Vietnamese), Greek and Cyrillic in regular, bold and italic; for a character it lacks, the
 * first fallback that has a glyph draws it: Noto Naskh Arabic, Noto Sans Hebrew, Noto Sans SC
 * (Chinese, Japanese kana) and Noto Sans KR (Hangul). The fallbacks have no italic, so italic text
 * in those scripts is upright. The files come from npm packages (OFL-1.1) and are read once, when
 * first needed; pdfkit embeds only the glyphs a document uses.
 */

export type FontStyle = 'regular' | 'bold' | 'italic';

interface Family {
  /** Prefix of the names the faces are registered under in a document. */
  name: string;
  /** The npm package that ships the files, and the files in its fonts/ folder. */
  pkg: string;
  files: { regular: string; bold: string; italic?: string };
  /** A right-to-left script whose ligatures need their text reversed (readingOrderLigatures). */
  rtl?: boolean;
}

export const FAMILIES: readonly Family[] = [
  {
    name: 'NotoSans',
    pkg: '@embedpdf/fonts-latin',
    files: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf', italic: 'NotoSans-Italic.ttf' },
  },
  {
    name: 'NotoNaskhArabic',
    pkg: '@embedpdf/fonts-arabic',
    rtl: true,
    files: { regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' },
  },
  {
    name: 'NotoSansHebrew',
    pkg: '@embedpdf/fonts-hebrew',
    rtl: true,
    files: { regular: 'NotoSansHebrew-Regular.ttf', bold: 'NotoSansHebrew-Bold.ttf' },
  },
  {
    name: 'NotoSansSC',
    pkg: '@embedpdf/fonts-sc',
    files: { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  },
  {
    name: 'NotoSansKR',
    pkg: '@embedpdf/fonts-kr',
    files: { regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' },
  },
];

const require = createRequire(import.meta.url);

/** A package's fonts/ folder (its exports map names only its index, which sits in dist/). */
function fontsDir(pkg: string): string {
  return path.join(path.dirname(require.resolve(pkg)), '..', 'fonts');
}

function fileOf(family: Family, style: FontStyle): string {
  return style === 'italic' ? (family.files.italic ?? family.files.regular) : family.files[style];
}

/** The bytes of one face. */
function fontFile(family: Family, style: FontStyle): Buffer {
  const file = fileOf(family, style);
  return fs.readFileSync(path.join(fontsDir(family.pkg), file));
}

/** The name a face is registered under in a document: one per file. */
export function faceName(family: Family, style: FontStyle): string {
  return `${family.name}-${fileOf(family, style) === family.files.regular ? 'regular' : style}`;
}

const opened = new Map<string, fontkit.Font>();

/**
 * One face opened with fontkit, once per process: every document registers this same font (pdfkit
 * takes it as it is, pdfkit-fontkit.d.ts) and makes its own subset of it, so no document parses the
 * file's tables again and the glyphs fontkit has decoded stay decoded.
 */
export function fontFace(family: Family, style: FontStyle): fontkit.Font {
  const name = faceName(family, style);
  let font = opened.get(name);
  if (!font) {
    const made = fontkit.create(fontFile(family, style));
    if (!('hasGlyphForCodePoint' in made)) throw new Error(`${name} is a font collection`);
    font = family.rtl ? readingOrderLigatures(made) : made;
    opened.set(name, font);
  }
  return font;
}

/**
 * A right-to-left font whose ligature glyphs (lam-alef, the Allah ligature) list their characters
 * last to first. pdfkit writes each glyph's characters into the PDF's text map, and extractors
 * (pdftotext, pdf.js) turn a right-to-left line back into reading order by reversing its characters,
 * a ligature's included; listing them in drawing order makes them come out as written. The font is
 * otherwise the same object (it is the prototype of the one answered).
 */
function readingOrderLigatures(font: fontkit.Font): fontkit.Font {
  const wrapped: fontkit.Font = Object.create(font);
  wrapped.layout = (...args: Parameters<fontkit.Font['layout']>) => {
    const run = font.layout(...args);
    run.glyphs = run.glyphs.map((glyph) =>
      glyph.codePoints.length > 1
        ? Object.create(glyph, { codePoints: { value: [...glyph.codePoints].reverse() } })
        : glyph,
    );
    return run;
  };
  return wrapped;
}

/** Whether a family draws a code point (checked on its regular face; the others have the same set). */
export function hasGlyph(family: Family, codePoint: number): boolean {
  return fontFace(family, 'regular').hasGlyphForCodePoint(codePoint);
}

/** The first family that draws the code point; the primary one (which shows a box) when none does. */
export function familyFor(codePoint: number): Family {
  return FAMILIES.find((family) => hasGlyph(family, codePoint)) ?? FAMILIES[0];
}
