import fc from 'fast-check';
import { SETUP_STEPS, type SetupFacts, setupChecklist } from './checklist';

const fresh: SetupFacts = {
  settingsReviewed: false,
  expenseCategories: 0,
  mileageCategories: 0,
  advanceCategories: 0,
  missionaries: 0,
  missionariesWithPayroll: 0,
  missionaryWithoutPayrollId: null,
  donationUploads: 0,
  approvedDistributions: 0,
};
const finished: SetupFacts = {
  settingsReviewed: true,
  expenseCategories: 9,
  mileageCategories: 1,
  advanceCategories: 6,
  missionaries: 3,
  missionariesWithPayroll: 1,
  missionaryWithoutPayrollId: 12,
  donationUploads: 1,
  approvedDistributions: 1,
};

const doneKeys = (facts: SetupFacts) =>
  setupChecklist(facts)
    .steps.filter((step) => step.done)
    .map((step) => step.key);

describe('setupChecklist', () => {
  it('lists the six steps in order, none done for a new organisation', () => {
    const list = setupChecklist(fresh);
    expect(list.steps).toEqual(SETUP_STEPS.map((key) => ({ key, done: false })));
    expect(list.complete).toBe(false);
  });

  it.each<[string, Partial<SetupFacts>, string[]]>([
    ['settings saved once', { settingsReviewed: true }, ['settings']],
    // categories need one of each use: expense codes, mileage types, advance types
    ['only expense categories', { expenseCategories: 4 }, []],
    ['expense and mileage but no advance category', { expenseCategories: 4, mileageCategories: 1 }, []],
    ['one category of each use', { expenseCategories: 1, mileageCategories: 1, advanceCategories: 1 }, ['categories']],
    ['a missionary without payroll info', { missionaries: 1, missionaryWithoutPayrollId: 5 }, ['missionary']],
    ['a missionary with payroll info', { missionaries: 1, missionariesWithPayroll: 1 }, ['missionary', 'payroll']],
    ['a donation file', { donationUploads: 1 }, ['donations']],
    ['an approved distribution', { approvedDistributions: 1 }, ['mat_day']],
  ])('%s', (_name, facts, done) => {
    expect(doneKeys({ ...fresh, ...facts })).toEqual(done);
  });

  it('is complete, and shows nothing, when every step is done', () => {
    const list = setupChecklist(finished);
    expect(list.complete).toBe(true);
    expect(list.steps.every((step) => step.done)).toBe(true);
    expect(list.missionary_without_payroll_id).toBeNull();
  });

  it('links the payroll step to a missionary who still needs payroll info, until one has it', () => {
    expect(
      setupChecklist({ ...fresh, missionaries: 2, missionaryWithoutPayrollId: 7 }).missionary_without_payroll_id,
    ).toBe(7);
  });

  it('is complete exactly when every step is done, whatever the counts', () => {
    const count = fc.nat({ max: 5 });
    fc.assert(
      fc.property(
        fc.record({
          settingsReviewed: fc.boolean(),
          expenseCategories: count,
          mileageCategories: count,
          advanceCategories: count,
          missionaries: count,
          missionariesWithPayroll: count,
          missionaryWithoutPayrollId: fc.option(fc.integer({ min: 1, max: 99 })),
          donationUploads: count,
          approvedDistributions: count,
        }),
        (facts) => {
          const list = setupChecklist(facts);
          expect(list.complete).toBe(list.steps.every((step) => step.done));
          expect(list.steps).toHaveLength(SETUP_STEPS.length);
        },
      ),
    );
  });
});
