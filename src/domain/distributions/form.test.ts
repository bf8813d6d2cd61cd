import {
  canGoBack,
  DISTRIBUTION_STEPS,
  distributionReadOnlyReason,
  distributionSteps,
  isDistributionReadOnly,
  isStepValid,
  primaryButtonLabel,
  showPrimaryButton,
} from './form';

describe('Distribution Form stepper (docs/product.md §2.4, §5)', () => {
  it('has the five steps of docs/product.md', () => {
    expect(DISTRIBUTION_STEPS).toEqual([
      'Select a field worker',
      'Customize payroll',
      'Approvals',
      'Expenses',
      'Distribution',
    ]);
  });

  it.each([
    ['Missionary', 'Select a Missionary'],
    ['Field Worker', 'Select a Field Worker'],
    ['Associate', 'Select an Associate'],
  ])('names step 1 after the configured term %s', (term, label) => {
    expect(distributionSteps(term)).toEqual([label, 'Customize payroll', 'Approvals', 'Expenses', 'Distribution']);
  });

  it.each([
    [0, { start_date: '2024-05-01', end_date: '2024-05-31' }, true],
    [0, { start_date: '2024-05-01', end_date: '' }, false],
    [0, { start_date: null, end_date: '2024-05-31' }, false],
    [0, {}, false],
    [0, { start_date: '2024-02-30', end_date: '2024-05-31' }, false], // not a date
    [1, {}, true], // the other steps are always valid
    [2, {}, true],
    [3, {}, true],
    [4, {}, true],
  ])('step %i with %j is valid: %s', (step, form, valid) => {
    expect(isStepValid(step, form)).toBe(valid);
  });

  it.each([
    // step, back enabled, label, shown when read-only
    [0, false, 'Next', true],
    [1, true, 'Next', true],
    [3, true, 'Next', true],
    [4, true, 'Submit', false],
  ] as const)('step %i: back %s, button %s, shown read-only %s', (step, back, label, shownReadOnly) => {
    expect(canGoBack(step)).toBe(back);
    expect(primaryButtonLabel(step)).toBe(label);
    expect(showPrimaryButton(step, true)).toBe(shownReadOnly);
    expect(showPrimaryButton(step, false)).toBe(true);
  });

  it.each([
    // Decision 3 (docs/decisions.md): editable only by an admin, and only while not approved
    ['admin', null, false],
    ['admin', 'pending', false],
    ['admin', 'approved', true],
    ['admin', 'reversed', true],
    ['employee', 'pending', true],
    ['missionary', 'approved', true],
    [null, null, true],
  ] as const)('%s viewing a %s distribution: read-only %s', (role, status, readOnly) => {
    expect(isDistributionReadOnly(role, status)).toBe(readOnly);
  });
});

describe('distributionReadOnlyReason: a read-only form says why', () => {
  it.each([
    ['admin', 'pending', null],
    ['admin', null, null],
    [
      'admin',
      'approved',
      'An approved distribution cannot be changed; an admin may reverse the latest one of a missionary and build it again.',
    ],
    ['employee', 'pending', 'Only an admin can change or approve distributions.'],
    ['employee', null, 'Only an admin can change or approve distributions.'],
    [
      'employee',
      'approved',
      'An approved distribution cannot be changed; an admin may reverse the latest one of a missionary and build it again.',
    ],
    [
      'missionary',
      'approved',
      'An approved distribution cannot be changed; an admin may reverse the latest one of a missionary and build it again.',
    ],
    ['admin', 'reversed', 'This distribution was reversed: it is kept as it was approved and moves no money any more.'],
    [
      'missionary',
      'reversed',
      'This distribution was reversed: it is kept as it was approved and moves no money any more.',
    ],
  ] as const)('%s viewing a %s distribution', (role, status, reason) => {
    expect(distributionReadOnlyReason(role, status)).toBe(reason);
  });
});
