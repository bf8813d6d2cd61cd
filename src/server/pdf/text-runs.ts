import bidiFactory from 'bidi-js';
import { type FAMILIES, type FontStyle, faceName, familyFor, hasGlyph } from './fonts';

/**
 * One line of text cut into runs a single face can draw, in the order they are drawn left to right
 * (docs/reports.md, "Fonts and scripts"). Each character goes to the face of the run before it when
 * that face has it (spaces, digits and punctuation stay with their neighbours; combining marks always
 * stay with their base), else to the first family that has it. Right-to-left text (Arabic, Hebrew)
 * follows the Unicode bidirectional algorithm with the line's base direction left to right: the
 * words of a right-to-left stretch are placed right to left, and fontkit shapes each word (joining
 * forms, ligatures) and lays its glyphs out right to left.
 */

export interface TextRun {
  text: string;
  /** The face's registered name in the document (fonts.ts). */
  face: string;
  family: (typeof FAMILIES)[number];
  style: FontStyle;
  /** Drawn right to left (its glyphs are laid out in display order by fontkit). */
  rtl: boolean;
}

const bidi = bidiFactory();

/** What every PDF string goes through first: composed characters, control characters as spaces. */
export function pdfText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point
  return text.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, ' ');
}

interface Unit {
  text: string;
  level: number;
  family: TextRun['family'];
}

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms) and explicit RTL controls. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]/u;

/** Logical-order pieces of one level and one family; right-to-left ones split at spaces. */
function units(text: string): Unit[] {
  // Text without right-to-left letters is all on the base level: no need to run the algorithm.
  const levels = RIGHT_TO_LEFT.test(text) ? bidi.getEmbeddingLevels(text, 'ltr').levels : new Uint8Array(text.length);
  const out: Unit[] = [];
  let index = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const level = levels[index];
    index += char.length;
    const last = out.at(-1);
    const mark = /\p{M}/u.test(char);
    const family =
      last && (mark || (!/[\p{L}\p{N}]/u.test(char) && hasGlyph(last.family, code))) ? last.family : familyFor(code);
    const space = char === ' ';
    const splitsWord = level % 2 === 1 && last !== undefined && (space || last.text.endsWith(' '));
    if (last && last.level === level && last.family === family && !splitsWord) last.text += char;
    else out.push({ text: char, level, family });
  }
  return out;
}

/** Reorders units for display (rule L2): from the highest level down, reverse each stretch at or above it. */
function visualOrder(list: Unit[]): Unit[] {
  const result = [...list];
  const highest = Math.max(0, ...result.map((unit) => unit.level));
  const lowestOdd = Math.min(...result.map((unit) => unit.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < result.length) {
      if (result[start].level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < result.length && result[end + 1].level >= level) end += 1;
      result.splice(start, end - start + 1, ...result.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  return result;
}

/** The runs of one line of text, left to right, for the given style. */
export function textRuns(text: string, style: FontStyle): TextRun[] {
  const clean = pdfText(text);
  if (clean === '') return [];
  return visualOrder(units(clean)).map((unit) => ({
    text: unit.text,
    family: unit.family,
    face: faceName(unit.family, style),
    style,
    rtl: unit.level % 2 === 1,
  }));
}
