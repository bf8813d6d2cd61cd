import { MAX_MAIL_ATTEMPTS, nextRetryDelayMs, notificationPreferencesSchema, preferencesFrom } from './notifications';

describe('mail retry back-off', () => {
  it.each([
    // attempts made so far → wait before the next one
    [1, 60_000], // 1 minute
    [2, 5 * 60_000], // 5 minutes
    [3, 15 * 60_000],
    [4, 60 * 60_000],
    [5, 240 * 60_000], // 4 hours: 1 + 5 + 15 + 60 + 240 = 321 minutes of trying in all
    [6, null], // the sixth failure is the last: failed
    [7, null],
  ])('after %i failed attempts waits %s ms', (attempts, delay) => {
    expect(nextRetryDelayMs(attempts)).toBe(delay);
  });

  it('gives up after MAX_MAIL_ATTEMPTS attempts', () => {
    expect(MAX_MAIL_ATTEMPTS).toBe(6);
    expect(() => nextRetryDelayMs(0)).toThrow(RangeError);
  });
});

describe('preferences', () => {
  it('are on unless turned off; unknown stored kinds are ignored', () => {
    expect(
      preferencesFrom([
        { kind: 'report_processed', enabled: false },
        { kind: 'advance_approved', enabled: true },
        { kind: 'retired_kind', enabled: false },
      ]),
    ).toEqual({
      report_processed: false,
      report_returned: true,
      advance_approved: true,
      distribution_approved: true,
      distribution_reversed: true,
    });
  });

  it('parse 0/1 per kind and leave out what is not sent', () => {
    expect(notificationPreferencesSchema.parse({ report_returned: '0' })).toEqual({ report_returned: false });
    expect(notificationPreferencesSchema.safeParse({ report_returned: 'x' }).success).toBe(false);
  });
});
