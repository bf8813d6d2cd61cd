import { deleteProblem, overdrawProblem, reversalEffect, transactionEffect } from './transactions';

describe('transactionEffect', () => {
  it.each([
    // a deposit comes out of the general fund into the hold account
    ['Deposit', 5000, { holdDelta: 5000, fundDelta: -5000 }],
    // a transfer goes from the hold account into the general fund
    ['Transfer', 5000, { holdDelta: -5000, fundDelta: 5000 }],
    // a withdrawal leaves the books
    ['Withdrawal', 5000, { holdDelta: -5000, fundDelta: 0 }],
  ] as const)('%s of %i', (type, amount, effect) => {
    expect(transactionEffect(type, amount)).toEqual(effect);
    const reversal = reversalEffect(type, amount);
    expect(reversal.holdDelta + effect.holdDelta).toBe(0);
    expect(reversal.fundDelta + effect.fundDelta).toBe(0);
  });
});

describe('overdrawProblem', () => {
  it.each([
    ['Withdrawal', 10000, 10000, null],
    ['Withdrawal', 10001, 10000, 'The withdrawal of $100.01 is more than the account balance of $100.00.'],
    ['Transfer', 1, 0, 'The transfer of $0.01 is more than the account balance of $0.00.'],
    ['Deposit', 999999, 0, null],
  ] as const)('%s %i from %i', (type, amount, balance, problem) => {
    expect(overdrawProblem(type, amount, balance)).toBe(problem);
  });
});

describe('deleteProblem', () => {
  const manual = {
    transactionType: 'Deposit' as const,
    transactionAmount: 5000,
    recurring: false,
    expenseId: null,
    distributionId: null,
    status: 'posted',
  };
  it.each([
    ['a manual deposit still on the account', manual, 5000, null],
    ['a manual withdrawal', { ...manual, transactionType: 'Withdrawal' as const }, 0, null],
    ['a recurring one', { ...manual, recurring: true }, 5000, 'Recurring MAT Day transactions cannot be deleted here.'],
    ['one paying an expense', { ...manual, expenseId: 4 }, 5000, 'Transactions that pay an expense cannot be deleted.'],
    [
      'one in a distribution',
      { ...manual, distributionId: 9 },
      5000,
      'This transaction is part of a distribution. Please delete or modify the distribution first.',
    ],
    [
      'a pending one',
      { ...manual, status: 'pending' },
      5000,
      'This transaction is part of a distribution. Please delete or modify the distribution first.',
    ],
    // 50.00 deposited, 20.00 since withdrawn: removing the deposit would leave -20.00
    ['a deposit already spent', manual, 3000, 'Deleting this deposit would take the balance of $30.00 below zero.'],
  ])('%s', (_name, transaction, balance, problem) => {
    expect(deleteProblem(transaction, balance)).toBe(problem);
  });
});
