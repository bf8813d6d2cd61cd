import type { TPaymentBatch, TPaymentLine } from '../../../domain/payments/contract';
import { batchHeadline, releaseBlocker, releaseSummary, returnSentence, uploadAdvice } from './batch-summary';

const line = (over: Partial<TPaymentLine>): TPaymentLine => ({
  id: 1,
  user_id: 7,
  user_name: 'Ana Lima',
  missionary_number: '1001',
  amount: 1200.5,
  method: 'ach',
  currency: 'USD',
  masked_account: '••••6789',
  held: false,
  held_reason: null,
  status: 'pending',
  distribution_ids: [3],
  report_ids: [],
  return_code: null,
  return_reason: null,
  return_date: null,
  ...over,
});

const batch = (over: Partial<TPaymentBatch>): TPaymentBatch => ({
  id: 4,
  status: 'draft',
  mat_date: '2026-12-15',
  effective_date: null,
  total: 3200.5,
  totals: [
    { method: 'ach', currency: 'USD', count: 2, amount: 2200.5 },
    { method: 'wire', currency: 'EUR', count: 1, amount: 1000 },
  ],
  held_count: 0,
  prenote_count: 1,
  returned_total: 0,
  created_at: '2026-12-01T10:00:00.000Z',
  released_at: null,
  released_by: null,
  files: [],
  lines: [line({})],
  ...over,
});

describe('releaseSummary', () => {
  it('says in money what the release pays, per method, the prenotes and the files', () => {
    expect(releaseSummary(batch({}))).toEqual([
      // 2,200.50 + 1,000.00 = 3,200.50 to 2 + 1 payees
      'Pays $3,200.50 to 3 payees: ACH $2,200.50 (2 payees); Wire $1,000.00 (1 payee, accounts in EUR, sent in US dollars).',
      '1 prenote of $0.00 test new ACH accounts; what those payees are owed waits for a later batch.',
      'Makes a NACHA file for the bank (ACH), an ISO 20022 pain.001 file (wires). Nothing is sent to a bank: you upload the files.',
      'The batch is then frozen: its lines cannot change, and a payment that comes back is recorded as a return.',
    ]);
  });

  it('names the NACHA file for prenotes alone, and the check register for checks', () => {
    const onlyPrenote = releaseSummary(batch({ total: 0, totals: [], prenote_count: 2 }));
    expect(onlyPrenote[0]).toBe('Pays $0.00 to 0 payees.');
    expect(onlyPrenote[2]).toContain('a NACHA file');
    const checks = releaseSummary(
      batch({ totals: [{ method: 'check', currency: 'USD', count: 1, amount: 50 }], prenote_count: 0 }),
    );
    expect(checks[1]).toBe('Makes a check register (CSV). Nothing is sent to a bank: you upload the files.');
  });
});

describe('releaseBlocker', () => {
  it('asks for held lines to be cleared or left out, and nothing once released', () => {
    expect(releaseBlocker(batch({ held_count: 2 }))).toBe(
      '2 lines are held: clear them or leave them out before releasing.',
    );
    expect(releaseBlocker(batch({ held_count: 1 }))).toBe('1 line is held: clear it or leave it out before releasing.');
    expect(releaseBlocker(batch({ lines: [] }))).toBe('This batch has no lines left: discard it.');
    expect(releaseBlocker(batch({}))).toBeNull();
    expect(releaseBlocker(batch({ status: 'released', held_count: 3 }))).toBeNull();
  });
});

it('a return says the money goes back to the fund', () => {
  expect(returnSentence(line({ amount: 1200.5 }))).toMatch(/^\$1,200\.50 goes back to Ana Lima's fund/);
});

describe('batchHeadline and uploadAdvice', () => {
  it('says what the lines owe beside what the release pays as it stands', () => {
    const held = batch({
      total: 0,
      held_count: 2,
      lines: [line({ amount: 1000 }), line({ id: 2, amount: 250.25, status: 'held' })],
    });
    // 1,000.00 + 250.25 owed; nothing pays while held
    expect(batchHeadline(held)).toBe('MAT date 12/15/2026 · 2 payees owed $1,250.25 · release pays $0.00 · 2 held');
    expect(batchHeadline(batch({ status: 'released', total: 1000 }))).toBe(
      'MAT date 12/15/2026 · 1 payee · paid $1,000.00',
    );
  });

  it('asks for the upload the banking day before, or today when the batch was released late', () => {
    const released = (effective: string, at: string) =>
      uploadAdvice(batch({ status: 'released', effective_date: effective, released_at: at }));
    expect(released('2026-12-15', '2026-12-10T15:00:00.000Z')).toContain('banking day before 12/15/2026');
    expect(released('2026-12-15', '2026-12-15T15:00:00.000Z')).toMatch(/^Upload each file to your bank today/);
  });
});
