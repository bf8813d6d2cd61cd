import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildDistributionInput, type DistributionContext, payloadToWire } from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import { type ReviewFlag, reviewFlags } from '../../domain/distributions/review';
import type { DistributionRequest } from '../../domain/distributions/schemas';
import type { DistributionResult } from '../../domain/distributions/types';
import { STORED_MONEY_FIELDS } from '../../domain/distributions/types';
import { AppError } from '../../domain/errors';
import { taxStatusMissingMessage } from '../../domain/messages';
import { type Cents, toDecimalString } from '../../domain/money';
import { missingTaxStatus } from '../../domain/users/tax-status';
import type { DbOrTx } from '../db/client';
import { queryRows, rowsOfResult } from '../db/query-rows';
import { advanceRequests, donations, expenseReports, holdAccountTransactions, users } from '../db/schema';
import { columnOf, type DistributionInsert, figureColumns } from './figures';
import type { ContextRange, LoadedContext } from './load-context';

/**
 * Writing pending distributions: the computation from a loaded context and the payload, the row,
 * the references (docs/decisions.md: included reports, ticked advances and the upload's donations
 * get distribution_id) and the pending hold-account transactions. Set-based so POST
 * /batch-distributions writes a thousand distributions in a few statements; the single routes use
 * the same code with one.
 */

export const DISTRIBUTION_MESSAGES = {
  notFound: 'Distribution not found.',
  approvedLocked: 'This distribution has been approved and can no longer be changed or deleted.',
  alreadyApproved: 'This distribution has already been approved.',
  pendingExists: 'This field worker already has a pending distribution for these dates.',
  userChanged: 'The field worker of a saved distribution cannot be changed. Delete it and start a new one.',
  notMissionary: 'Choose an active missionary.',
  unknownUpload: 'That donation upload does not exist.',
  referencesMoved:
    'Some of the reports, advance requests or donations of this distribution were changed or included in another distribution meanwhile. Reload it and try again.',
  noMissionaryAccess: 'You can only see your own approved distributions.',
} as const;

export const BATCH_WRITE_CHUNK = 400;

export interface Prepared {
  userId: number;
  payload: DistributionRequest;
  context: LoadedContext;
  result: DistributionResult;
  flags: ReviewFlag[];
}

export function rangeOf(
  payload: Pick<DistributionRequest, 'start_date' | 'end_date' | 'donation_upload_names'>,
): ContextRange {
  return {
    startDate: payload.start_date,
    endDate: payload.end_date,
    donationUploadNames: payload.donation_upload_names,
  };
}

/**
 * The engine's result for a loaded context and the staff's choices, with the MAT Day review flags.
 * A month that pays wages to someone without a tax status is refused (422 naming them): nobody has
 * said whether FICA is owed (docs/decisions.md "Tax status and FICA").
 */
export function prepare(context: LoadedContext, payload: DistributionRequest): Prepared {
  const full: DistributionContext = { ...context, distribution: null };
  const input = buildDistributionInput(full, payload);
  if (missingTaxStatus(input.profile)) {
    throw AppError.field('tax_status', taxStatusMissingMessage(context.user.name));
  }
  const result = computeDistribution(input);
  return {
    userId: context.user.id,
    payload,
    context,
    result,
    flags: reviewFlags(result.distribution, context.previous),
  };
}

/** A row of (id, user_id), as `returning id, user_id` gives it. */
export const ZIdAndUser = z.object({ id: z.coerce.number(), user_id: z.coerce.number() });

/**
 * Locks the users' rows (the per-user lock that serialises saves) and checks each is an active
 * missionary; makes sure each has a profile row, which approval locks and carries balances into.
 */
export async function lockMissionaries(tx: DbOrTx, userIds: readonly number[], field = 'user_id'): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx
    .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(users.id)
    .for('no key update');
  const ok = new Set(rows.filter((row) => row.role === 'missionary' && row.deletedAt === null).map((row) => row.id));
  if (userIds.some((id) => !ok.has(id))) throw AppError.field(field, DISTRIBUTION_MESSAGES.notMissionary);
  await tx.execute(sql`
    insert into profiles (user_id)
    select unnest(${sql.param([...userIds])}::int[])
    on conflict (user_id) do nothing`);
}

/**
 * Every named upload must exist (a typo would silently give a distribution without donations). An
 * unknown first one is reported under docs/product.md's `donation_upload_name` (the first of the list,
 * whichever field named it), any other under `donation_upload_names.<index>`.
 */
export async function assertUploadsExist(tx: DbOrTx, uploadNames: readonly string[]) {
  if (uploadNames.length === 0) return;
  const found = await queryRows(
    tx,
    // donation_upload_summaries (migration 0017) holds every name donations hold: one key lookup each.
    sql`select v.name from unnest(${sql.param([...uploadNames])}::text[]) as v(name)
      where exists (select 1 from donation_upload_summaries s where s.upload_name = v.name)
         or exists (select 1 from donation_uploads u where u.upload_name = v.name)`,
    z.object({ name: z.string() }),
  );
  const known = new Set(found.map((row) => row.name));
  const errors: Record<string, string[]> = {};
  uploadNames.forEach((name, index) => {
    if (known.has(name)) return;
    errors[index === 0 ? 'donation_upload_name' : `donation_upload_names.${index}`] = [
      DISTRIBUTION_MESSAGES.unknownUpload,
    ];
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** The `distributions` row values of a prepared distribution (without id and status). */
export function rowValues(prepared: Prepared, now: Date): Omit<DistributionInsert, 'id' | 'status'> {
  return {
    ...figureColumns(prepared.result.distribution),
    input: payloadToWire(prepared.payload),
    reviewFlags: prepared.flags,
    updatedAt: now,
  };
}

/** Clears what pending distributions reference, and deletes their pending hold-account transactions. */
export async function clearReferences(tx: DbOrTx, distributionIds: readonly number[], now: Date): Promise<void> {
  const ids = [...distributionIds];
  await tx
    .update(expenseReports)
    .set({ distributionId: null, updatedAt: now })
    .where(inArray(expenseReports.distributionId, ids));
  await tx
    .update(advanceRequests)
    .set({ distributionId: null, updatedAt: now })
    .where(inArray(advanceRequests.distributionId, ids));
  await tx.update(donations).set({ distributionId: null }).where(inArray(donations.distributionId, ids));
  await tx
    .delete(holdAccountTransactions)
    .where(and(inArray(holdAccountTransactions.distributionId, ids), eq(holdAccountTransactions.status, 'pending')));
}

/**
 * Sets distribution_id on what each distribution includes — every report of its context, the
 * ticked advances, every donation of the upload — only where no distribution holds it yet, and
 * stores the pending hold-account transactions. A row taken meanwhile (another save, a report
 * processed outside) makes the counts differ: 409, nothing written.
 */
export async function writeReferences(
  tx: DbOrTx,
  items: ReadonlyArray<{ id: number; prepared: Prepared }>,
  now: Date,
  actorId: number,
): Promise<void> {
  const reports: Array<[number, number]> = [];
  const advances: Array<[number, number]> = [];
  const donationRefs: Array<[number, number]> = [];
  const transactions: Array<typeof holdAccountTransactions.$inferInsert> = [];
  for (const { id, prepared } of items) {
    for (const report of prepared.context.expenseReports) reports.push([report.id, id]);
    for (const advanceId of new Set(prepared.payload.advance_requests.map((row) => row.id)))
      advances.push([advanceId, id]);
    for (const donation of prepared.context.donations) donationRefs.push([donation.id, id]);
    for (const row of prepared.result.distribution.hold_account_transactions) {
      transactions.push({
        holdAccountId: row.hold_account_id,
        transactionType: row.transaction_type,
        transactionAmount: row.transaction_amount,
        amountApproved: row.amount_approved,
        addedUnreimbursedAmount: row.added_unreimbursed_amount,
        description: row.description,
        expenseId: row.expense_id,
        donationId: row.donation_id,
        distributionId: id,
        recurring: row.recurring,
        approved: true,
        startingBalance: row.starting_balance,
        startingUnreimbursedAmount: row.starting_unreimbursed_amount,
        endingBalance: row.ending_balance,
        status: 'pending',
        createdBy: actorId,
        createdAt: now,
      });
    }
  }

  const [reportCount, advanceCount, donationCount] = [
    await setReferences(tx, 'expense_reports', reports, now, sql`t.submitted and not t.processed`),
    await setReferences(
      tx,
      'advance_requests',
      advances,
      now,
      // Decision 14 (docs/decisions.md): approved and unpaid advances stay payable whatever their report's state.
      sql`t.archived_at is null and (t.status = 'requested' or (t.approved and t.amount_approved is not null))
        and t.dist_amount_approved is null`,
    ),
    await setReferences(tx, 'donations', donationRefs, null, sql`true`),
  ];
  if (reportCount !== reports.length || advanceCount !== advances.length || donationCount !== donationRefs.length) {
    throw AppError.conflict(DISTRIBUTION_MESSAGES.referencesMoved);
  }
  if (transactions.length === 0) return;
  const t = transactions;
  const money = (values: Array<Cents | null | undefined>) =>
    sql.param(values.map((value) => (value === null || value === undefined ? null : toDecimalString(value))));
  await tx.execute(sql`
    insert into hold_account_transactions (hold_account_id, transaction_type, transaction_amount, amount_approved,
      added_unreimbursed_amount, description, expense_id, donation_id, distribution_id, recurring, approved,
      starting_balance, starting_unreimbursed_amount, ending_balance, status, created_by, created_at)
    select v.account, v.type, v.amount, v.approved_amount, v.added, v.description, v.expense, v.donation, v.distribution,
      v.recurring, true, v.starting, v.starting_unreimbursed, v.ending, 'pending', ${actorId}, ${now}
    from unnest(
      ${sql.param(t.map((row) => row.holdAccountId))}::int[], ${sql.param(t.map((row) => row.transactionType))}::text[],
      ${money(t.map((row) => row.transactionAmount))}::numeric[], ${money(t.map((row) => row.amountApproved))}::numeric[],
      ${money(t.map((row) => row.addedUnreimbursedAmount))}::numeric[], ${sql.param(t.map((row) => row.description ?? null))}::text[],
      ${sql.param(t.map((row) => row.expenseId ?? null))}::int[], ${sql.param(t.map((row) => row.donationId ?? null))}::int[],
      ${sql.param(t.map((row) => row.distributionId ?? null))}::int[], ${sql.param(t.map((row) => row.recurring ?? false))}::bool[],
      ${money(t.map((row) => row.startingBalance))}::numeric[], ${money(t.map((row) => row.startingUnreimbursedAmount))}::numeric[],
      ${money(t.map((row) => row.endingBalance))}::numeric[]
    ) as v(account, type, amount, approved_amount, added, description, expense, donation, distribution, recurring,
      starting, starting_unreimbursed, ending)`);
}

async function setReferences(
  tx: DbOrTx,
  table: 'expense_reports' | 'advance_requests' | 'donations',
  pairs: ReadonlyArray<[number, number]>,
  now: Date | null,
  condition: ReturnType<typeof sql>,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const touched = now ? sql`, updated_at = ${now}` : sql``;
  const result = await queryRows(
    tx,
    sql`
    update ${sql.identifier(table)} as t set distribution_id = v.distribution_id${touched}
    from unnest(${sql.param(pairs.map((pair) => pair[0]))}::int[], ${sql.param(pairs.map((pair) => pair[1]))}::int[])
      as v(id, distribution_id)
    where t.id = v.id and t.distribution_id is null and ${condition}
    returning t.id`,
    z.unknown(),
  );
  return result.length;
}

/** Audit events for many distributions in one statement. */
export async function auditMany(
  tx: DbOrTx,
  events: ReadonlyArray<{ actorId: number; action: string; entityId: number; details: unknown }>,
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into audit_events (actor_id, action, entity_type, entity_id, details, created_at)
    select v.actor, v.action, 'distribution', v.entity, v.details, ${now}
    from unnest(
      ${sql.param(events.map((event) => event.actorId))}::int[], ${sql.param(events.map((event) => event.action))}::text[],
      ${sql.param(events.map((event) => event.entityId))}::int[],
      ${sql.param(events.map((event) => JSON.stringify(event.details)))}::jsonb[]
    ) as v(actor, action, entity, details)`);
}

/**
 * Inserts new pending distributions in one statement (one array per column, so a thousand rows
 * cost one parse and one plan); returns their ids in the same order.
 */
export async function insertPending(
  tx: DbOrTx,
  prepared: readonly Prepared[],
  options: { now: Date; actorId: number; batch: boolean },
): Promise<number[]> {
  if (prepared.length === 0) return [];
  const rows = prepared.map((item) => rowValues(item, options.now));
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
  const json = (
    key:
      | 'donationUploadNames'
      | 'processedExpenseReports'
      | 'processedAdvanceRequests'
      | 'holdAccountTransactions'
      | 'input'
      | 'reviewFlags',
  ) => sql.param(rows.map((row) => JSON.stringify(row[key])));
  const moneyColumns = STORED_MONEY_FIELDS.map((field) => sql.raw(`"${field}"`));
  const moneyArrays = STORED_MONEY_FIELDS.map(
    (field) => sql`${sql.param(rows.map((row) => toDecimalString(row[columnOf(field)] as Cents)))}::numeric[]`,
  );
  const inserted = await tx.execute(sql`
    insert into distributions (status, batch, created_by, created_at, updated_at, user_id, user_name, user_email,
      start_date, end_date, donation_upload_name, donation_upload_names, comments, tax_status, fica_tax, processed_expense_reports,
      processed_advance_requests, hold_account_transactions, input, review_flags, ${sql.join(moneyColumns, sql`, `)})
    select 'pending', ${options.batch}, ${options.actorId}, ${options.now}, ${options.now}, t.*
    from unnest(
      ${sql.param(column('userId'))}::int[], ${sql.param(column('userName'))}::text[],
      ${sql.param(column('userEmail'))}::text[], ${sql.param(column('startDate'))}::date[],
      ${sql.param(column('endDate'))}::date[], ${sql.param(column('donationUploadName'))}::text[],
      ${json('donationUploadNames')}::jsonb[],
      ${sql.param(column('comments'))}::text[], ${sql.param(column('taxStatus'))}::text[],
      ${sql.param(column('ficaTax'))}::bool[], ${json('processedExpenseReports')}::jsonb[],
      ${json('processedAdvanceRequests')}::jsonb[], ${json('holdAccountTransactions')}::jsonb[],
      ${json('input')}::jsonb[], ${json('reviewFlags')}::jsonb[], ${sql.join(moneyArrays, sql`, `)}
    ) as t
    returning id, user_id`);
  const idByUser = new Map(rowsOfResult(inserted, ZIdAndUser).map((row) => [row.user_id, row.id]));
  const ids = prepared.map((item) => idByUser.get(item.userId) as number);
  await writeReferences(
    tx,
    prepared.map((item, index) => ({ id: ids[index], prepared: item })),
    options.now,
    options.actorId,
  );
  await auditMany(
    tx,
    prepared.map((item, index) => ({
      actorId: options.actorId,
      action: options.batch ? 'batch_create' : 'create',
      entityId: ids[index],
      details: summaryDetails(item),
    })),
    options.now,
  );
  return ids;
}

/** What the audit trail keeps of a computed distribution. */
export function summaryDetails(prepared: Prepared) {
  const d = prepared.result.distribution;
  return {
    user_id: d.user_id,
    start_date: d.start_date,
    end_date: d.end_date,
    donation_upload_name: d.donation_upload_name,
    donation_upload_names: d.donation_upload_names,
    total_donations: toDecimalString(d.total_donations),
    ending_balance: toDecimalString(d.ending_balance),
    total_funds_disbursed: toDecimalString(d.total_funds_disbursed),
    review_flags: prepared.flags.map((flag) => flag.code),
  };
}
