import { base32OfText, otpauthUrl, qrSvg, stepAt, totpCode, verifyTotp } from './totp';

/**
 * RFC 6238 Appendix B: the SHA-1 secret "12345678901234567890" (ASCII), 8 digits, 30-second steps.
 * Our wrapper must give the RFC's codes at the RFC's times.
 */
const RFC_SECRET = base32OfText('12345678901234567890');

describe('TOTP wrapper: RFC 6238 Appendix B (SHA-1)', () => {
  it.each([
    [59, '94287082'], // step floor(59/30) = 1
    [1111111109, '07081804'], // step 37037036
    [1111111111, '14050471'], // step 37037037
    [1234567890, '89005924'], // step 41152263
    [2000000000, '69279037'], // step 66666666
    [20000000000, '65353130'], // step 666666666
  ])('time %i s gives %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000), { digits: 8 })).toBe(code);
  });

  it('six digits are the last six of the eight (HOTP truncation mod 10^6)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
  });
});

describe('verifyTotp', () => {
  const at = new Date(1_111_111_111_000); // step 37037037
  const code = totpCode(RFC_SECRET, at);
  it.each([
    ['the current code', code, at, 0, 37037037],
    ['the code of the step before (clock drift)', code, new Date(at.getTime() + 30_000), 0, 37037037],
    ['the code of the step after', code, new Date(at.getTime() - 30_000), 0, 37037037],
    ['a code two steps old', code, new Date(at.getTime() + 60_000), 0, null],
    ['the same code again (replay: step ≤ last step)', code, at, 37037037, null],
    ['not six digits', '12345', at, 0, null],
    ['letters', 'abcdef', at, 0, null],
  ] as const)('%s', (_name, given, instant, lastStep, expected) => {
    expect(verifyTotp(RFC_SECRET, given, instant, lastStep)).toBe(expected);
  });

  it('stepAt counts 30-second steps since 1970', () => {
    expect(stepAt(new Date(59_000))).toBe(1); // 59 / 30 = 1.97 → 1
  });
});

describe('enrolment material', () => {
  it('an otpauth:// address naming Sheepfold and the account, and its QR code as SVG', async () => {
    const url = otpauthUrl(RFC_SECRET, 'ana@example.org');
    expect(url).toMatch(/^otpauth:\/\/totp\/Sheepfold:ana%40example\.org\?/);
    expect(url).toContain(`secret=${RFC_SECRET}`);
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
