import { fullReport } from '../pages/expenses/report-fixture';
import type { Expense, FileUpload } from '../pages/expenses/types';
import { withSent } from './kept-copy';
import type { OutboxItem } from './queue';

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  seq: 4,
  userId: 7,
  reportId: 12,
  kind: 'fileUpload',
  key: 'create-4',
  fields: { expense_report_id: '12' },
  madeAt: '2026-03-10T08:00:00Z',
  ...over,
});

const receipt = (id: number): FileUpload => ({
  id,
  expense_report_id: 12,
  filename: `till-${id}.jpg`,
  file_url: `/api/fileUpload/${id}`,
  content_type: 'image/jpeg',
  size_bytes: 2048,
  created_at: '2026-03-10T08:00:00Z',
  updated_at: '2026-03-10T08:00:00Z',
});

const expense = (id: number, amount: number) => ({ id, field_currency: amount }) as Expense;

describe('the kept copy of a report after an item of it was sent', () => {
  const draft = fullReport({ id: 12, submitted: 0, status: 'unsubmitted' });

  it.each([
    // A receipt sent from the dashboard: the copy a reload reads offline lists it.
    ['a new receipt is added', item({}), receipt(80), [], [80]],
    // The same create retried (lost answer, same key) is answered with the same row: still one.
    ['a retried receipt is not added twice', item({}), receipt(80), [receipt(80)], [80]],
    ['a deleted receipt goes', item({ action: 'delete', targetId: 80 }), { id: 80 }, [receipt(80), receipt(81)], [81]],
    // A delete answered 404 (gone already) is sent too: gone from the copy either way.
    ['a receipt deleted twice goes', item({ action: 'delete', targetId: 80 }), {}, [receipt(80)], []],
  ] as const)('%s', (_name, sent, answer, before, after) => {
    const kept = withSent({ ...draft, file_upload: [...before] }, sent, answer);
    expect(kept.file_upload.map((file) => file.id)).toEqual(after);
  });

  it('a changed expense takes the server’s row in its place; the other lines stay', () => {
    const kept = withSent(
      { ...draft, expense: [expense(5, 10), expense(6, 20)] },
      item({ kind: 'expense', action: 'update', targetId: 5 }),
      expense(5, 11),
    );
    expect(kept.expense.map((row) => [row.id, row.field_currency])).toEqual([
      [5, 11],
      [6, 20],
    ]);
    expect(kept.file_upload).toEqual(draft.file_upload);
  });

  it('a changed report (its distance unit) is taken whole; an answer for another report is not', () => {
    const change = item({ kind: 'report', action: 'update', targetId: 12, fields: { distance_type: 'mi' } });
    expect(withSent(draft, change, { ...draft, distance_type: 'mi' }).distance_type).toBe('mi');
    expect(withSent(draft, change, { ...draft, id: 13, distance_type: 'mi' }).distance_type).toBe('km');
  });
});
