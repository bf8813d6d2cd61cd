import fc from 'fast-check';
import {
  ACCOUNT_GUARD,
  guardDecision,
  mailsOwner,
  type SignInStepKind,
  stepDecision,
  wrongCodeEndsStep,
} from './account-guard';

describe('guardDecision', () => {
  it.each([
    // kind, counted (this try included), has the device cookie, decision
    ['password', 1, false, 'check'],
    ['password', 10, false, 'check'], // the tenth failure is still checked
    ['password', 11, false, 'locked'], // 10 wrong passwords in the window: locked to strangers
    ['password', 11, true, 'check'], // …but the owner's browser is always checked
    ['password', 500, true, 'check'],
    ['code', 5, false, 'check'],
    ['code', 6, false, 'locked'], // 5 wrong codes in the window
    ['code', 6, true, 'check'],
  ] as const)('%s try #%i, device %s → %s', (kind, counted, hasDevice, decision) => {
    expect(guardDecision({ kind, counted, hasDevice })).toBe(decision);
  });
});

describe('one mail per lock', () => {
  it.each([
    [1, true], // the first refusal of the window
    [2, false],
    [40, false],
  ])('notice #%i mails: %s', (notices, mails) => expect(mailsOwner(notices)).toBe(mails));
});

describe('a second-factor step', () => {
  it.each([
    // tries on the step (this one included), checked?, a wrong code ends it?
    [1, 'check', false],
    [4, 'check', false],
    [5, 'check', true], // the fifth wrong code is checked, and ends the step
    [6, 'ended', true], // a sixth (sent in parallel) is not checked
  ] as const)('try #%i → %s, ends on a wrong code: %s', (tries, decision, ends) => {
    expect(stepDecision(tries)).toBe(decision);
    expect(wrongCodeEndsStep(tries)).toBe(ends);
  });
});

/**
 * The rule driven as the server drives it (server/auth/account-guard.ts): a counter per account and
 * kind in a fixed window, counted before the check; a refused try takes its count back, a success
 * takes its count back; the lock notice counted per window. Random interleavings of right and wrong
 * tries of both kinds, with and without the device cookie, with the clock moving on.
 */
describe('the account guard over random interleavings (property)', () => {
  const WINDOW_MS = ACCOUNT_GUARD.windowMinutes * 60_000;
  // Mostly strangers' wrong guesses in bursts, so windows fill up; now and then a long pause.
  const tryArb = fc.record({
    kind: fc.constantFrom<SignInStepKind>('password', 'code'),
    right: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    hasDevice: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    waitMs: fc.oneof(
      { arbitrary: fc.constant(0), weight: 6 },
      { arbitrary: fc.nat({ max: 60_000 }), weight: 3 },
      { arbitrary: fc.nat({ max: 16 * 60_000 }), weight: 1 },
    ),
  });

  it('checks at most the cap of failures from strangers per window, lets the owner in, mails once per lock', () => {
    fc.assert(
      fc.property(fc.array(tryArb, { maxLength: 120 }), (tries) => {
        let now = 0;
        const counters = new Map<SignInStepKind, { count: number; start: number }>();
        const notices = new Map<string, number>();
        const strangerFailures = new Map<string, number>();
        const lockedWindows = new Set<string>();
        let mails = 0;
        for (const attempt of tries) {
          now += attempt.waitMs;
          let counter = counters.get(attempt.kind);
          if (!counter || counter.start <= now - WINDOW_MS) counter = { count: 0, start: now };
          counters.set(attempt.kind, counter);
          counter.count += 1;
          const window = `${attempt.kind}@${counter.start}`;
          const decision = guardDecision({ kind: attempt.kind, counted: counter.count, hasDevice: attempt.hasDevice });
          if (decision === 'locked') {
            counter.count -= 1;
            lockedWindows.add(window);
            const notice = (notices.get(window) ?? 0) + 1;
            notices.set(window, notice);
            if (mailsOwner(notice)) mails += 1;
            // The owner with the right answer from their own browser is never refused.
            expect(attempt.hasDevice && attempt.right).toBe(false);
            continue;
          }
          if (attempt.right) counter.count -= 1;
          else if (!attempt.hasDevice) strangerFailures.set(window, (strangerFailures.get(window) ?? 0) + 1);
        }
        for (const [window, failures] of strangerFailures) {
          const kind = window.split('@')[0] as SignInStepKind;
          const cap = kind === 'password' ? ACCOUNT_GUARD.passwordFailures : ACCOUNT_GUARD.codeFailures;
          expect(failures).toBeLessThanOrEqual(cap);
        }
        expect(mails).toBe(lockedWindows.size);
      }),
      { numRuns: 500 },
    );
  });
});
