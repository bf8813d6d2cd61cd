import { pdfText, textRuns } from './text-runs';

/** The runs of a line as `face:text`, left to right as drawn. */
const drawn = (text: string, style: 'regular' | 'bold' = 'regular') =>
  textRuns(text, style).map((run) => `${run.face}:${run.text}${run.rtl ? ' (rtl)' : ''}`);

describe('textRuns', () => {
  it.each([
    [
      'Latin, Vietnamese, Greek and Cyrillic in the primary face',
      'Nguyễn Văn Ân · Γιώργος · Иван',
      ['NotoSans-regular:Nguyễn Văn Ân · Γιώργος · Иван'],
    ],
    // Spaces and punctuation stay with the run before them; letters go to the first face that has them.
    [
      'Hangul and Han in their fallbacks',
      'Kim 김민준 · 李小龍',
      ['NotoSans-regular:Kim ', 'NotoSansKR-regular:김민준 · ', 'NotoSansSC-regular:李小龍'],
    ],
    ['bold faces where the family has them', 'Ruth 김', ['NotoSans-bold:Ruth ', 'NotoSansKR-bold:김']],
    // Right to left: the words are placed right to left; fontkit lays out each word's glyphs.
    [
      'an Arabic name, words in display order',
      'محمد عبد الله',
      [
        'NotoNaskhArabic-regular:الله (rtl)',
        'NotoNaskhArabic-regular:  (rtl)',
        'NotoNaskhArabic-regular:عبد (rtl)',
        'NotoNaskhArabic-regular:  (rtl)',
        'NotoNaskhArabic-regular:محمد (rtl)',
      ],
    ],
    // The left-to-right line keeps Latin first; the digits inside the Hebrew stay left to right.
    [
      'Hebrew with digits inside a Latin line',
      'Ruth דוד 12 כהן',
      [
        'NotoSans-regular:Ruth ',
        'NotoSansHebrew-regular:כהן (rtl)',
        'NotoSans-regular:  (rtl)',
        'NotoSans-regular:12',
        'NotoSansHebrew-regular:  (rtl)',
        'NotoSansHebrew-regular:דוד (rtl)',
      ],
    ],
  ])('%s', (_case, text, expected) => {
    const style = _case.startsWith('bold') ? 'bold' : 'regular';
    expect(drawn(text, style)).toEqual(expected);
  });

  it('answers nothing for empty text', () => {
    expect(textRuns('', 'regular')).toEqual([]);
  });

  it('puts every character of the text in exactly one run', () => {
    const text = 'Nguyễn 김민준 李小龍 محمد عبد الله דוד כהן (M-0012)';
    const characters = textRuns(text, 'regular').flatMap((run) => [...run.text]);
    expect(characters.sort()).toEqual([...pdfText(text)].sort());
  });
});
