import { describe, expect, it } from 'vitest';
import { noDistributionMessage } from './mat-dates';

describe('noDistributionMessage', () => {
  it.each([
    [
      'no distributions at all',
      [],
      'No approved distribution has the MAT date 11/15/2026. There are no approved distributions yet.',
    ],
    [
      'two other dates',
      ['2026-10-31', '2026-09-30'],
      'No approved distribution has the MAT date 11/15/2026. MAT dates with approved distributions: 10/31/2026, 09/30/2026.',
    ],
    [
      'more dates than are shown (six, then how many more)',
      ['2026-10-31', '2026-09-30', '2026-08-31', '2026-07-31', '2026-06-30', '2026-05-31', '2026-04-30'],
      'No approved distribution has the MAT date 11/15/2026. MAT dates with approved distributions: 10/31/2026, 09/30/2026, 08/31/2026, 07/31/2026, 06/30/2026, 05/31/2026 and 1 earlier.',
    ],
  ])('with %s', (_name, dates, message) => {
    expect(noDistributionMessage('2026-11-15', 'approved', dates)).toBe(message);
  });

  it('names the status asked for', () => {
    expect(noDistributionMessage('2026-11-30', 'pending', ['2026-10-31'])).toBe(
      'No pending distribution has the MAT date 11/30/2026. MAT dates with pending distributions: 10/31/2026.',
    );
  });
});
