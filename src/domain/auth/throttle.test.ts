import { isRefused, MAX_SIGN_IN_DELAY_MS, signInDelayMs, throttleLimits } from './throttle';

const limits = throttleLimits(5, 250); // 5 per (email, address), 50 per address, 250 ms a step

describe('isRefused', () => {
  it.each([
    // pair, address, refused
    [1, 1, false],
    [5, 5, false], // the fifth attempt is still checked
    [6, 6, true], // the sixth from the same address is not
    [1, 50, false],
    [1, 51, true], // a new email from an address that has tried 50 times
  ])('pair %i, address %i → %s', (pair, address, refused) => {
    expect(isRefused(limits, { pair, address })).toBe(refused);
  });
});

describe('signInDelayMs', () => {
  it.each([
    // account-wide attempts, delay
    [1, 0],
    [5, 0],
    [6, 250], // (6 − 5) × 250
    [10, 1250], // (10 − 5) × 250
    [17, 3000], // (17 − 5) × 250 = 3000, the cap
    [1000, MAX_SIGN_IN_DELAY_MS], // never more: the owner waits, but gets in
  ])('%i attempts → %i ms', (attempts, delay) => {
    expect(signInDelayMs(limits, attempts)).toBe(delay);
  });
});
