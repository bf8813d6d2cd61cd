import fc from 'fast-check';
import { NACHA_TEXT, toLatinAscii, toNachaText } from './transliterate';

describe('toNachaText', () => {
  it.each([
    ['Ruth Okafor', 'RUTH OKAFOR'],
    ['Zoë Łukasiewicz-Øberg', 'ZOE LUKASIEWICZ-OBERG'],
    ['Jürgen Weiß', 'JURGEN WEISS'],
    ['François Lefèvre', 'FRANCOIS LEFEVRE'],
    ['José María Peña', 'JOSE MARIA PENA'],
    ['Ægir Þórsson', 'AEGIR THORSSON'],
    ['Đorđe Čolić', 'DJORDJE COLIC'],
    ['Nguyễn Thị Minh Khai', 'NGUYEN THI MINH KHAI'],
    ['Søren Kierkegård', 'SOREN KIERKEGARD'],
    ['Ayşe Yılmaz', 'AYSE YILMAZ'],
    ['Dmitriy = Дмитрий Шостакович', 'DMITRIY DMITRIY SHOSTAKOVICH'],
    ['Олена Ковальчук', 'OLENA KOVALCHUK'],
    ['Γιώργος Παπαδόπουλος', 'GIORGOS PAPADOPOULOS'],
    ['O’Brien & Sons, Ltd.', "O'BRIEN & SONS, LTD."],
    ['Anne–Marie "Annie" Smith', 'ANNE-MARIE ANNIE SMITH'],
    ['  Tab\tand   spaces  ', 'TAB AND SPACES'],
    ['Mission #5 @ Home', 'MISSION 5 HOME'],
    ['李伟 Li Wei', 'LI WEI'],
    ['محمد Mohammed', 'MOHAMMED'],
    ['Ⅻ ﬁnance', 'XII FINANCE'], // compatibility forms: a Roman numeral and a ligature
  ])('%s → %s', (name, ascii) => {
    expect(toNachaText(name)).toBe(ascii);
  });

  it.each([
    ['李伟', 'PAYEE 1042', 'PAYEE 1042'],
    ['محمد', 'Payee #7', 'PAYEE 7'],
    ['---', 'ID 9', 'ID 9'],
    ['李伟', '', ''],
  ])('%s with fallback %s → %s (nothing readable left)', (name, fallback, expected) => {
    expect(toNachaText(name, fallback)).toBe(expected);
  });

  it('keeps case in the Latin form', () => {
    expect(toLatinAscii('Zoë Weiß, Дмитрий, Ёлка, ΟΥΡΑΝΟΣ')).toBe('Zoe Weiss, Dmitriy, Yolka, OURANOS');
  });

  it('always yields upper-case NACHA text, for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 20 }), (name, fallback) => {
        const out = toNachaText(name, fallback);
        expect(out).toMatch(NACHA_TEXT);
        expect(out).toBe(out.trim());
        expect(out).not.toMatch(/ {2}/);
      }),
    );
  });
});
