import {
  belongsTo,
  edited,
  localReportId,
  nextToSend,
  type OutboxItem,
  outcomeOf,
  reassign,
  refusalText,
  requestOf,
  supersededBy,
} from './queue';

const item = (seq: number, over: Partial<OutboxItem> = {}): OutboxItem => ({
  seq,
  userId: 7,
  reportId: 12,
  kind: 'expense',
  key: `create-${seq}`,
  fields: { date: '2026-03-10', expense_report_id: '12' },
  madeAt: '2026-03-10T08:00:00Z',
  ...over,
});

describe('what is sent next', () => {
  it('is the oldest item, whatever order the store gives them in', () => {
    expect(nextToSend([item(3), item(1), item(2)])?.seq).toBe(1);
  });

  it('skips a refused item (it waits for the user) and goes on with the rest', () => {
    expect(nextToSend([item(1, { refused: 'Submitted.' }), item(2)])?.seq).toBe(2);
  });

  it('sends a report started offline before its lines, and holds the lines while it waits', () => {
    const report = item(5, { kind: 'report', reportId: 0, fields: { type: 'reimbursement' } });
    const line = item(6, { reportId: localReportId(5), fields: { expense_report_id: '-5' } });
    expect(nextToSend([line, report])?.seq).toBe(5);
    // The report refused: its lines are not sent to a report that does not exist.
    expect(nextToSend([line, { ...report, refused: 'No.' }])).toBeUndefined();
  });
});

describe('a report started offline', () => {
  it('hands its real id to its lines and to their expense_report_id', () => {
    const lines = [
      item(6, { reportId: -5, fields: { expense_report_id: '-5', date: '2026-03-10' } }),
      item(7, { reportId: -5, kind: 'fileUpload', fields: { expense_report_id: '-5' } }),
      item(8, { reportId: 12 }),
    ];
    const moved = reassign(lines, -5, 340);
    expect(moved.map((line) => [line.seq, line.reportId, line.fields.expense_report_id])).toEqual([
      [6, 340, '340'],
      [7, 340, '340'],
    ]);
    expect(moved[0].key).toBe('create-6'); // the same Idempotency-Key: a retry is still the same create
  });

  it('owns its create and its lines; a sent report owns its lines and its changes', () => {
    const report = item(5, { kind: 'report', reportId: 0 });
    expect(belongsTo(report, -5)).toBe(true);
    expect(belongsTo(item(6, { reportId: -5 }), -5)).toBe(true);
    expect(belongsTo(item(7, { kind: 'report', action: 'update', targetId: 12, reportId: 12 }), 12)).toBe(true);
    expect(belongsTo(item(8, { reportId: 13 }), 12)).toBe(false);
  });
});

describe('requests', () => {
  it('a create posts with its Idempotency-Key; a change patches; a delete deletes', () => {
    expect(requestOf(item(1))).toMatchObject({ method: 'POST', path: '/api/expense', idempotencyKey: 'create-1' });
    expect(requestOf(item(2, { action: 'update', targetId: 44, fields: { date: '2026-03-11' } }))).toEqual({
      method: 'POST',
      path: '/api/expense/44',
      fields: { date: '2026-03-11', _method: 'PATCH' },
    });
    expect(requestOf(item(3, { kind: 'mileage', action: 'delete', targetId: 9 }))).toEqual({
      method: 'DELETE',
      path: '/api/mileage/9',
    });
    expect(
      requestOf(item(4, { kind: 'report', action: 'update', targetId: 12, fields: { distance_type: 'km' } })),
    ).toMatchObject({ path: '/api/save/expense-report/12', fields: { distance_type: 'km', _method: 'PATCH' } });
  });
});

describe('answers', () => {
  it.each([
    [201, 'create', 'sent'],
    [200, 'update', 'sent'],
    [404, 'delete', 'sent'], // already gone: the delete's goal is met
    [404, 'update', 'refused'],
    [409, 'create', 'refused'], // the office submitted, processed or returned the report
    [422, 'create', 'refused'],
    [403, 'create', 'refused'],
    [401, 'create', 'wait'], // signed out: kept for after sign-in
    [429, 'create', 'wait'],
    [503, 'create', 'wait'],
  ] as const)('%i to a %s is %s', (status, action, expected) => {
    expect(outcomeOf(item(1, { action }), status)).toBe(expected);
  });

  it("say why in the server's words", () => {
    expect(
      refusalText(409, { message: 'This report has been submitted.', errors: { date: ['Date is required.'] } }),
    ).toBe('This report has been submitted. Date is required.');
    expect(refusalText(409, {})).toBe('Refused (409).');
  });
});

describe('changes made while offline', () => {
  it('a later change of a line replaces the one still waiting; a delete replaces any change', () => {
    const first = item(1, { action: 'update', targetId: 44 });
    const other = item(2, { action: 'update', targetId: 45 });
    const create = item(3);
    const second = item(4, { action: 'update', targetId: 44 });
    expect(supersededBy([first, other, create, second], second).map((i) => i.seq)).toEqual([1]);
    const remove = item(5, { action: 'delete', targetId: 44 });
    expect(supersededBy([first, other, second, remove], remove).map((i) => i.seq)).toEqual([1, 4]);
    expect(supersededBy([first], item(6))).toEqual([]);
  });

  it('editing a refused item clears the refusal, so it is sent again (once, when the user asks)', () => {
    const refused = item(1, { refused: 'Closed.', refusal: { status: 409, body: {} } });
    const again = edited(refused, { field_currency: '12.50' });
    expect(again.refused).toBeUndefined();
    expect(again.refusal).toBeUndefined();
    expect(again.fields).toMatchObject({ date: '2026-03-10', field_currency: '12.50' });
    expect(again.key).toBe('create-1');
  });
});
