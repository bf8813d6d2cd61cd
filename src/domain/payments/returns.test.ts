import { recordReturnSchema, returnCodeChoices } from './returns';

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
});
