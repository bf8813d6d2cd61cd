import { describe, expect, it } from 'vitest';
import { archiveProblem, deleteProblem, RETIRE_MESSAGES, type RetireFacts } from './retire';

const empty: RetireFacts = { balance: 0, unreimbursedAmount: 0, waitingUses: 0, recordedUses: 0 };

describe('archiving and deleting hold accounts (decision 15, docs/decisions.md)', () => {
  it.each([
    [empty, null, null],
    // $500.00 in it: its money would drop out of every total
    [
      { ...empty, balance: 50000 },
      'This hold account holds $500.00 and is owed $0.00. Only an empty account can be archived: move the money out first.',
      'This hold account holds $500.00 and is owed $0.00. Only an empty account can be deleted: move the money out first.',
    ],
    [
      { ...empty, unreimbursedAmount: 1250 },
      'This hold account holds $0.00 and is owed $12.50. Only an empty account can be archived: move the money out first.',
      'This hold account holds $0.00 and is owed $12.50. Only an empty account can be deleted: move the money out first.',
    ],
    [{ ...empty, waitingUses: 1 }, RETIRE_MESSAGES.waiting, RETIRE_MESSAGES.waiting],
    [{ ...empty, recordedUses: 3 }, null, RETIRE_MESSAGES.inUse],
    [{ ...empty, recordedUses: 3, balance: 100 }, expect.stringContaining('holds $1.00'), RETIRE_MESSAGES.inUse],
  ])('%j → archive %s, delete %s', (facts, archive, remove) => {
    expect(archiveProblem(facts)).toEqual(archive);
    expect(deleteProblem(facts)).toEqual(remove);
  });
});
