import { formatRecoveryCode, mustEnrol, readTypedCode } from './rules';

describe('readTypedCode', () => {
  it.each([
    ['123456', { kind: 'totp', code: '123456' }],
    [' 123 456 ', { kind: 'totp', code: '123456' }], // spaces dropped: 6 digits
    ['abcde-fghjk', { kind: 'recovery', code: 'abcdefghjk' }], // dash dropped: 10 letters
    ['ABCDE FGHJK', { kind: 'recovery', code: 'abcdefghjk' }], // case ignored
    ['12345', { kind: 'invalid' }], // 5 digits
    ['1234567', { kind: 'invalid' }], // 7 digits
    ['abcde-fghio', { kind: 'invalid' }], // i and o are not in the alphabet
    ['', { kind: 'invalid' }],
  ])('%j → %j', (input, expected) => {
    expect(readTypedCode(input)).toEqual(expected);
  });
});

describe('formatRecoveryCode', () => {
  it('splits ten characters five and five', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });
});

describe('mustEnrol', () => {
  it.each([
    ['admin', true, false, true], // setting on, password-only session: enrol first
    ['admin', true, true, false], // the session proved a second factor
    ['admin', false, false, false], // setting off
    ['employee', true, false, false], // optional for everyone else
    ['missionary', true, false, false],
  ])('%s, setting %s, session with second factor %s → %s', (role, policyOn, sessionHasSecondFactor, expected) => {
    expect(mustEnrol({ role, policyOn, sessionHasSecondFactor })).toBe(expected);
  });
});
