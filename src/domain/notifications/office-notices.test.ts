import { fieldErrorsOf } from '../errors';
import {
  digestContent,
  digestDue,
  digestItems,
  localClock,
  OFFICE_NOTICE_MESSAGES,
  officeNoticeSchema,
  type Submission,
} from './office-notices';

// The clock is frozen: every "now" below is a fixed instant, never the machine's time.
const at = (iso: string) => new Date(iso);

describe('localClock: the wall clock of the reader’s zone', () => {
  it.each([
    // 13:05 UTC is 08:05 in Chicago in May (UTC−5, daylight time): 8 × 60 + 5 = 485 minutes
    ['2024-05-01T13:05:00Z', 'America/Chicago', '2024-05-01', 485],
    // 03:30 UTC is still the evening before in Chicago: 22:30 = 1350 minutes
    ['2024-05-01T03:30:00Z', 'America/Chicago', '2024-04-30', 1350],
    // Nairobi is UTC+3 all year: 22:00 UTC is 01:00 the next day
    ['2024-05-01T22:00:00Z', 'Africa/Nairobi', '2024-05-02', 60],
    ['2024-05-01T00:00:00Z', 'UTC', '2024-05-01', 0],
  ])('%s in %s → %s, minute %i', (now, zone, date, minutes) => {
    expect(localClock(at(now), zone)).toEqual({ date, minutes });
  });
});

describe('digestDue: once a day, from the chosen time on', () => {
  const daily = { digestTime: '07:30', timeZone: 'America/Chicago' };
  it.each([
    ['before 07:30 Chicago (12:29 UTC = 07:29 CDT)', '2024-05-01T12:29:00Z', '2024-04-30', null],
    ['at 07:30 Chicago (12:30 UTC)', '2024-05-01T12:30:00Z', '2024-04-30', '2024-05-01'],
    ['later the same day, the last digest yesterday', '2024-05-01T20:00:00Z', '2024-04-30', '2024-05-01'],
    ['later the same day, today’s already made', '2024-05-01T20:00:00Z', '2024-05-01', null],
    ['never made one: due from the first 07:30', '2024-05-01T12:31:00Z', null, '2024-05-01'],
    ['back after three days down: one digest, today’s', '2024-05-04T15:00:00Z', '2024-04-30', '2024-05-04'],
    // 02:00 UTC on May 2 is 21:00 on May 1 in Chicago: May 1's digest, not May 2's
    ['late evening local, next day in UTC', '2024-05-02T02:00:00Z', '2024-04-30', '2024-05-01'],
    ['late evening local, May 1 made', '2024-05-02T02:00:00Z', '2024-05-01', null],
  ])('%s', (_case, now, lastDigestOn, due) => {
    expect(digestDue(at(now), { ...daily, lastDigestOn })).toBe(due);
  });

  it('follows daylight saving time: 07:30 in Chicago is 13:30 UTC in January, 12:30 UTC in July', () => {
    expect(digestDue(at('2024-01-15T13:29:00Z'), { ...daily, lastDigestOn: null })).toBeNull();
    expect(digestDue(at('2024-01-15T13:30:00Z'), { ...daily, lastDigestOn: null })).toBe('2024-01-15');
    expect(digestDue(at('2024-07-15T12:30:00Z'), { ...daily, lastDigestOn: null })).toBe('2024-07-15');
  });
});

const ruth = (kind: Submission['kind'], id: number, cents: number, iso: string): Submission => ({
  kind,
  id,
  missionary: 'Ruth Okafor',
  amount: cents,
  at: at(iso),
});

describe('digestItems: what was submitted after the last digest, up to now', () => {
  const all = [
    ruth('expense_report', 12, 12_345, '2024-04-30T12:30:00Z'), // exactly the last cover: in the last digest
    ruth('advance_request', 7, 45_000, '2024-04-30T18:00:00Z'),
    ruth('advance_report', 13, 30_000, '2024-05-01T09:00:00Z'),
    ruth('expense_report', 14, 9_900, '2024-05-01T12:31:00Z'), // after now: the next digest's
  ];
  it.each([
    [
      'since yesterday’s 07:30 digest',
      '2024-04-30T12:30:00Z',
      '2024-05-01T12:30:00Z',
      ['advance_request 7', 'advance_report 13'],
    ],
    ['nothing since', '2024-05-01T12:30:00Z', '2024-05-01T12:30:30Z', []],
    [
      'a first digest covers everything since the choice',
      '2024-04-01T00:00:00Z',
      '2024-05-01T13:00:00Z',
      ['expense_report 12', 'advance_request 7', 'advance_report 13', 'expense_report 14'],
    ],
  ])('%s', (_case, coveredUntil, now, expected) => {
    expect(digestItems(all, at(coveredUntil), at(now)).map((s) => `${s.kind} ${s.id}`)).toEqual(expected);
  });
});

describe('digestContent', () => {
  const url = (path: string) => `https://office.example.org${path}`;
  it('sends nothing when nothing was submitted', () => {
    expect(digestContent([], '2024-05-01', 'America/Chicago', url)).toBeNull();
  });

  it('lists missionary, what, amount, when (the reader’s time) and link, one line each', () => {
    const content = digestContent(
      [
        ruth('advance_request', 7, 45_000, '2024-04-30T18:00:00Z'),
        ruth('advance_report', 13, 30_000, '2024-05-01T09:00:00Z'),
      ],
      '2024-05-01',
      'America/Chicago',
      url,
    );
    expect(content).toEqual({
      subject: 'Daily digest for 05/01/2024: 2 submissions to review',
      lines: [
        'Submitted since your last digest (2 submissions):',
        // 18:00 UTC = 13:00 CDT
        'Ruth Okafor — Advance request #7 — $450.00 — submitted 04/30/2024 13:00 — https://office.example.org/admin/advance-requests/unprocessed',
        'Ruth Okafor — Advance report #13 — $300.00 — submitted 05/01/2024 04:00 — https://office.example.org/expense-report/13',
      ],
    });
  });
});

describe('officeNoticeSchema', () => {
  const chicago = 'America/Chicago';
  it.each([
    ['off needs nothing else', { mode: 'off' }, null],
    ['at once needs nothing else', { mode: 'immediate' }, null],
    ['a digest with its time and zone', { mode: 'digest', digest_time: '07:30', time_zone: chicago }, null],
    [
      'a digest without a time',
      { mode: 'digest', time_zone: chicago },
      { digest_time: [OFFICE_NOTICE_MESSAGES.timeRequired] },
    ],
    [
      'a time that is not one',
      { mode: 'digest', digest_time: '25:00', time_zone: chicago },
      { digest_time: [OFFICE_NOTICE_MESSAGES.timeFormat] },
    ],
    ['a digest without a zone', { mode: 'digest', digest_time: '07:30' }, { time_zone: [OFFICE_NOTICE_MESSAGES.zone] }],
    [
      'a zone that is not one',
      { mode: 'digest', digest_time: '07:30', time_zone: 'Mars/Olympus' },
      { time_zone: [OFFICE_NOTICE_MESSAGES.zone] },
    ],
    ['no mode', { digest_time: '07:30' }, { mode: ['Mode is required.'] }],
    ['a mode that is not one', { mode: 'weekly' }, { mode: ['Mode must be one of: off, immediate, digest.'] }],
  ])('%s', (_case, input, errors) => {
    const parsed = officeNoticeSchema.safeParse(input);
    expect(parsed.success ? null : fieldErrorsOf(parsed.error.issues)).toEqual(errors);
  });
});
