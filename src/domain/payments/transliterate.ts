/**
 * Names into the characters a NACHA file may carry. The file is ASCII (every byte above 0x1F), and
 * banks read names in upper case A–Z, digits and a little punctuation; a name typed as "Zoë
 * Łukasiewicz-Øberg" must reach the receiving bank as "ZOE LUKASIEWICZ-OBERG", never as bytes the
 * bank rejects or shows as "?". Accents are stripped by Unicode decomposition (NFKD), letters that do
 * not decompose are spelled out, Cyrillic and Greek are romanised letter by letter, and what is left
 * of other scripts (Chinese, Arabic, …) is dropped: when nothing readable remains the caller's
 * fallback (e.g. the account holder's number) stands in.
 */

/** Letters that NFD does not split into a base letter and marks. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'Dj',
  đ: 'dj',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'NG',
  ŋ: 'ng',
  ƒ: 'f',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  ſ: 's',
  Ə: 'E',
  ə: 'e',
  '\u2018': "'",
  '\u2019': "'",
  '\u02BC': "'",
  '`': "'",
  '\u00B4': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u00AD': '',
};

/** Russian, Ukrainian, Belarusian, Serbian and Bulgarian Cyrillic (lower case; upper is derived). */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'dj',
  е: 'e',
  ё: 'yo',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Modern Greek (lower case, accents already stripped by NFD). */
const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

function romanise(char: string): string | undefined {
  const special = SPECIAL[char];
  if (special !== undefined) return special;
  const lower = char.toLowerCase();
  const roman = CYRILLIC[lower] ?? GREEK[lower];
  if (roman === undefined) return undefined;
  return lower === char ? roman : roman.charAt(0).toUpperCase() + roman.slice(1);
}

/** Greek "ου" is one sound, "ou" (ELOT 743), not "oy". */
const greekDigraphs = (text: string) => text.replace(/ΟΥ|ΟΎ/g, 'OU').replace(/Ο[υύ]/g, 'Ou').replace(/ο[υύ]/g, 'ou');

/**
 * Latin letters without accents, in the case they were typed: "Zoë Weiß" → "Zoe Weiss",
 * "Дмитрий" → "Dmitriy". Each character is looked up whole first (so "й" is "y", not "и" plus a
 * breve), else split by compatibility decomposition (NFKD: "é" → "e" + accent, "ﬁ" → "fi") and
 * its ASCII kept. Characters of other scripts are dropped; spacing is kept as typed.
 */
export function toLatinAscii(text: string): string {
  if (/^[ -~]*$/.test(text)) return text;
  let out = '';
  for (const char of greekDigraphs(text.normalize('NFC'))) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else out += romanise(char) ?? decomposed(char);
  }
  return out;
}

function decomposed(char: string): string {
  let out = '';
  for (const part of char.normalize('NFKD')) {
    const code = part.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) out += part;
    else out += romanise(part) ?? '';
  }
  return out;
}

/** What NACHA alphanumeric fields of Sheepfold's files may hold: A–Z, 0–9, space and & ' , - . / */
export const NACHA_TEXT = /^[A-Z0-9 &',\-./]*$/;

/**
 * A name for a NACHA field: transliterated, upper case, only the characters of `NACHA_TEXT` (others
 * become spaces), spaces collapsed. Empty (a name only in, say, Chinese) gives the fallback, itself
 * made safe the same way.
 */
export function toNachaText(text: string, fallback = ''): string {
  const safe = toLatinAscii(text)
    .toUpperCase()
    .replace(/[^A-Z0-9 &',\-./]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (/[A-Z0-9]/.test(safe)) return safe;
  return fallback === '' ? '' : toNachaText(fallback);
}
