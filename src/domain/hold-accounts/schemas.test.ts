import { describe, expect, it } from 'vitest';
import { createHoldAccountSchema } from './schemas';

describe('createHoldAccountSchema', () => {
  it.each([
    ['missing', undefined, 0],
    ['blank', '', 0],
    ['spaces', '   ', 0],
    ['a decimal', '125.50', 12550],
  ])('reads a %s opening balance as %s cents', (_name, balance, cents) => {
    const parsed = createHoldAccountSchema.parse({ user_id: '7', fund_name: 'Building fund', balance });
    expect(parsed.balance).toBe(cents);
  });

  it('still refuses an opening balance that is not an amount', () => {
    const result = createHoldAccountSchema.safeParse({ user_id: '7', fund_name: 'Building fund', balance: 'ten' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['balance']);
  });
});
