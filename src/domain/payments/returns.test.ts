import { ACH_RETURN_REASONS, WIRE_RETURN_REASONS } from './return-reasons';
import { recordReturnSchema, returnCodeChoices, returnLabel, returnRefusal } from './returns';

describe('returnCodeChoices', () => {
  it('offers every code the return route accepts for the line, and only those', () => {
    for (const method of ['ach', 'wire', 'check'] as const) {
      const choices = returnCodeChoices(method);
      expect(choices.length).toBeGreaterThan(0);
      for (const { code } of choices) {
        expect(recordReturnSchema.safeParse({ line_id: 1, code, date: '2026-12-01' }).success, code).toBe(true);
      }
    }
    expect(returnCodeChoices('ach')).toContainEqual({
      code: 'R03',
      label: 'R03 No account, or unable to locate account',
    });
    expect(returnCodeChoices('wire').map((choice) => choice.code)).toContain('AC04');
    expect(returnCodeChoices('check')).toEqual([{ code: 'VOID', label: 'VOID Check voided (never cashed)' }]);
    expect(returnCodeChoices('none')).toEqual([]);
  });

  it('offers the whole table of return reasons, the one the bank file reader names codes by', () => {
    // 70 NACHA codes in use and 24 ISO 20022 reasons: the dialog lists each, the route accepts each.
    expect(returnCodeChoices('ach')).toHaveLength(Object.keys(ACH_RETURN_REASONS).length);
    expect(returnCodeChoices('wire')).toHaveLength(Object.keys(WIRE_RETURN_REASONS).length);
  });
});

describe('returnLabel: the code and its reason from the one table', () => {
  it.each([
    ['R03', 'R03 No account, or unable to locate account'],
    ['R05', 'R05 Unauthorized debit to a consumer account using a corporate SEC code'],
    ['AC04', 'AC04 Closed account number'],
    ['MD07', 'MD07 End customer deceased'],
    ['VOID', 'VOID Check voided (never cashed)'],
    // A code in R01–R85 that NACHA does not assign is accepted and shown as it is.
    ['R48', 'R48'],
  ])('%s → %s', (code, label) => {
    expect(returnLabel(code)).toBe(label);
  });
});

describe('returnRefusal: the code must be one of the line method', () => {
  const released = { status: 'released', releasedOn: '2026-11-30' };
  it.each([
    ['ach', 'R03', null],
    ['ach', 'R48', null],
    ['ach', 'AC04', 'code'],
    ['wire', 'MD07', null],
    ['wire', 'NARR', null],
    ['wire', 'ZZ99', 'code'],
    ['wire', 'R03', 'code'],
    ['check', 'VOID', null],
    ['check', 'R03', 'code'],
  ] as const)('%s line, code %s → %s', (method, code, field) => {
    const refusal = returnRefusal({ status: 'paid', method }, released, { code, date: '2026-12-02' }, '2026-12-03');
    expect(refusal?.field ?? null).toBe(field);
  });
});

describe('returnRefusal: the date is between the release and today', () => {
  const released = { status: 'released', releasedOn: '2026-11-30' };
  const today = '2026-12-03';
  it.each([
    ['2026-11-29', 'The date must be on or after the release, 11/30/2026.'], // a day before the release
    ['2026-11-30', null], // the release day itself
    ['2026-12-03', null], // today
    ['2026-12-04', "The date cannot be in the future: the bank's return date is today, 12/03/2026, or earlier."],
  ])('returned on %s → %s', (date, message) => {
    const refusal = returnRefusal({ status: 'paid', method: 'ach' }, released, { code: 'R03', date }, today);
    expect(refusal?.message ?? null).toBe(message);
    if (refusal) expect(refusal.field).toBe('date');
  });
});
