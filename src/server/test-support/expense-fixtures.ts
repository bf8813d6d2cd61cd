import { eq } from 'drizzle-orm';
import {
  advanceRequests,
  categories,
  distributions,
  expenseReports,
  holdAccounts,
  journalEntries,
  profiles,
} from '../db/schema';
import type { SignedIn, TestApp } from './harness';

/** Categories, hold accounts and reports for the expense report and advance tests. */
export async function seedCategories(t: TestApp) {
  const [expense, advance, mileage, both] = await t.ctx.db
    .insert(categories)
    .values([
      { expenseCategory: 'Lodging', description: 'Hotels and guest houses', expense: true },
      { expenseCategory: 'Ministry supplies', description: 'Bought with an advance', advance: true },
      { expenseCategory: 'Ministry travel', description: 'Driving for the ministry', mileage: true },
      { expenseCategory: 'Meals', description: 'Meals while travelling', expense: true, advance: true },
    ])
    .returning();
  return { expense: expense.id, advance: advance.id, mileage: mileage.id, both: both.id };
}

export async function seedHoldAccount(t: TestApp, userId: number, fundName = 'Vehicle Fund', archived = false) {
  const [row] = await t.ctx.db
    .insert(holdAccounts)
    .values({ userId, fundName, archivedAt: archived ? new Date() : null })
    .returning();
  return row.id;
}

export async function unreimbursedOf(t: TestApp, userId: number) {
  const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row.unreimbursedAmount;
}

export async function journalOf(t: TestApp, userId: number) {
  return t.ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, userId));
}

export async function startReport(t: TestApp, user: SignedIn, body: Record<string, string | number> = {}) {
  const created = await t.call('POST', '/api/expense-report', {
    token: user.token,
    form: { type: 'reimbursement', distance_type: 'none', user_id: user.id, ...body },
  });
  if (created.status !== 201) throw new Error(`report not created: ${JSON.stringify(created.body)}`);
  return created.body as { id: number; [key: string]: any };
}

export async function addExpense(
  t: TestApp,
  user: SignedIn,
  reportId: number,
  fields: Record<string, string | number> & { expense_code: number },
) {
  const created = await t.call('POST', '/api/expense', {
    token: user.token,
    form: { date: '2026-03-02', field_currency: '100', exchange_rate: '1', expense_report_id: reportId, ...fields },
  });
  if (created.status !== 201) throw new Error(`expense not created: ${JSON.stringify(created.body)}`);
  return created.body;
}

export async function getReport(t: TestApp, user: SignedIn, id: number) {
  const found = await t.call('GET', `/api/expense-report/${id}`, { token: user.token });
  if (found.status !== 200) throw new Error(`report not read: ${found.status} ${JSON.stringify(found.body)}`);
  return found.body;
}

/** A tiny valid JPEG header followed by filler bytes. */
export function jpeg(size = 2048): Buffer {
  const buffer = Buffer.alloc(size, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(buffer);
  return buffer;
}

export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
}

export async function uploadReceipt(
  t: TestApp,
  user: SignedIn,
  reportId: number,
  content = jpeg(),
  filename = 'Receipt 1.JPG',
) {
  return t.call('POST', '/api/fileUpload', {
    token: user.token,
    multipart: { expense_report_id: String(reportId), file: { content, filename, type: 'image/jpeg' } },
  });
}

/** Submitted and approved advance request of `user` for `amount` dollars. */
export async function approvedAdvance(
  t: TestApp,
  user: SignedIn,
  admin: SignedIn,
  requested: string,
  approved: string,
) {
  const created = await t.call('POST', '/api/advance-request', {
    token: user.token,
    form: { amount_requested: requested, status: 'requested', user_id: user.id, confirm_duplicate: 1 },
  });
  if (created.status !== 201) throw new Error(`advance not created: ${JSON.stringify(created.body)}`);
  const processed = await t.call('PATCH', `/api/advance-request/${created.body.id}`, {
    token: admin.token,
    form: { amount_approved: approved, status: 'approved' },
  });
  if (processed.status !== 200) throw new Error(`advance not approved: ${JSON.stringify(processed.body)}`);
  return processed.body as { id: number; [key: string]: any };
}

let distributionSequence = 0;

/** A pending distribution that references the report or advance request, as the engine saves it. */
export async function referenceFromDistribution(
  t: TestApp,
  user: SignedIn,
  target: { reportId?: number; advanceId?: number },
) {
  distributionSequence += 1;
  const year = 2000 + distributionSequence; // one pending distribution per user and range
  const [distribution] = await t.ctx.db
    .insert(distributions)
    .values({
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
      startDate: `${year}-03-01`,
      endDate: `${year}-03-31`,
    })
    .returning();
  if (target.reportId)
    await t.ctx.db
      .update(expenseReports)
      .set({ distributionId: distribution.id })
      .where(eq(expenseReports.id, target.reportId));
  if (target.advanceId)
    await t.ctx.db
      .update(advanceRequests)
      .set({ distributionId: distribution.id })
      .where(eq(advanceRequests.id, target.advanceId));
  return distribution.id;
}
