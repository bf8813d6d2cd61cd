import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import {
  BANK_FIELD_LABELS,
  type BankDetails,
  type BankField,
  bankDetailsRefusals,
  type bankFieldsSchema,
  maskAccount,
  mergeBankDetails,
} from '../../domain/payments/bank-details';
import { HOLD_REASONS, holdOf, NO_PAYEE, type PayeeState } from '../../domain/payments/batch-plan';
import type { TBankDetailsView } from '../../domain/payments/contract';
import { isStaff } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { payeeBankDetails, paymentBatches, paymentLines, users } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { queueNotification } from '../notifications/queue-mail';
import { bankDetailsChangedMail } from './mails';
import { openBankDetails, sealBankDetails } from './sealed';

type BankInput = z.output<typeof bankFieldsSchema>;
type PayeeRow = typeof payeeBankDetails.$inferSelect;

/** The account a payment goes to: ACH the account number, a wire its IBAN (else its account number). */
export function accountOf(details: BankDetails): string | null {
  if (details.payout_method === 'ach') return details.bank_account_number;
  if (details.payout_method === 'wire') return details.iban ?? details.bank_account_number;
  return null;
}

/**
 * The currency a payment is instructed in: US dollars, whatever the method — the fund holds dollars
 * and the batch has no exchange rate of its own, so a wire to an account in another currency is sent
 * in dollars and converted by the receiving bank (docs/payments.md "Wires").
 */
export function currencyOf(details: BankDetails): string | null {
  return details.payout_method === 'none' ? null : 'USD';
}

export function payeeStateOf(row: PayeeRow | null | undefined): PayeeState {
  if (!row) return NO_PAYEE;
  return {
    method: row.payoutMethod as PayeeState['method'],
    currency: row.currency,
    maskedAccount: row.maskedAccount,
    version: row.version,
    reviewedVersion: row.reviewedVersion,
    provenVersion: row.provenVersion,
    returnedVersion: row.returnedVersion,
  };
}

const masked = (value: string | null) => (value === null ? null : maskAccount(value));

/** The masked view every answer and screen shows (never a full account, IBAN or routing number). */
export function bankDetailsView(details: BankDetails, row: PayeeRow | null | undefined): TBankDetailsView {
  const state = payeeStateOf(row);
  const hold = details.payout_method === 'none' ? null : holdOf(state);
  return {
    payout_method: details.payout_method,
    bank_routing_number: masked(details.bank_routing_number),
    bank_account_number: masked(details.bank_account_number),
    bank_account_type: details.bank_account_type as TBankDetailsView['bank_account_type'],
    beneficiary_name: details.beneficiary_name,
    bank_country: details.bank_country,
    bank_currency: details.bank_currency,
    iban: masked(details.iban),
    bic: details.bic,
    bank_name: details.bank_name,
    changed_at: row?.changedAt ? row.changedAt.toISOString() : null,
    held_reason: hold ? HOLD_REASONS[hold] : null,
  };
}

async function payeeRow(db: DbOrTx, userId: number): Promise<PayeeRow | null> {
  const [row] = await db.select().from(payeeBankDetails).where(eq(payeeBankDetails.userId, userId));
  return row ?? null;
}

/** GET /user/{id}/bank-details: staff read anyone's (masked), others only their own. */
export async function getBankDetails(ctx: AppContext, viewer: AuthUser, userId: number): Promise<TBankDetailsView> {
  if (!isStaff(viewer.role) && viewer.id !== userId) throw AppError.forbidden();
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  const row = await payeeRow(ctx.db, userId);
  return bankDetailsView(openBankDetails(ctx.config, userId, row?.sealed ?? null), row);
}

/** POST /user/{id}/bank-details: a user for themselves, an admin for anyone; one transaction. */
export async function saveOwnBankDetails(ctx: AppContext, actor: AuthUser, userId: number, input: BankInput) {
  if (actor.role !== 'admin' && actor.id !== userId) throw AppError.forbidden();
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw AppError.notFound('User not found.');
    await changeBankDetails(ctx, tx, actor, userId, input);
  });
  return getBankDetails(ctx, actor, userId);
}

export const BANK_FIELDS = Object.keys(BANK_FIELD_LABELS) as BankField[];

/** The bank fields present in a profile update (POST /user/{id} carries them flat beside the others). */
export function bankFieldsOf(input: Partial<Record<BankField, unknown>>): BankInput | null {
  const present = BANK_FIELDS.filter((field) => input[field] !== undefined);
  if (present.length === 0) return null;
  return Object.fromEntries(present.map((field) => [field, input[field]])) as BankInput;
}

/**
 * Changes a user's bank details inside the caller's transaction (the user row already locked):
 * the merged details are checked for their method (422 naming the field), sealed, counted as a new
 * version, audited (field names and masked accounts only), mailed to the user whoever made the
 * change, and every draft batch line of theirs is held for review with the new details.
 */
export async function changeBankDetails(
  ctx: AppContext,
  tx: Tx,
  actor: AuthUser,
  userId: number,
  input: BankInput,
): Promise<void> {
  const now = ctx.clock.now();
  const [row] = await tx.select().from(payeeBankDetails).where(eq(payeeBankDetails.userId, userId)).for('update');
  const stored = openBankDetails(ctx.config, userId, row?.sealed ?? null);
  const merged = mergeBankDetails(stored, input);
  const refusals = bankDetailsRefusals(merged);
  if (Object.keys(refusals).length > 0) throw AppError.validation(refusals);
  const changed = BANK_FIELDS.filter((field) => merged[field] !== stored[field]);
  if (changed.length === 0) return;
  const version = (row?.version ?? 0) + 1;
  const values = {
    payoutMethod: merged.payout_method,
    sealed: sealBankDetails(ctx.config, userId, merged),
    maskedAccount: masked(accountOf(merged)),
    currency: currencyOf(merged),
    version,
    changedAt: now,
    updatedAt: now,
  };
  await tx
    .insert(payeeBankDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payeeBankDetails.userId, set: values });
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'bank_details_change',
    entityType: 'user',
    entityId: userId,
    details: {
      fields: changed,
      payout_method: merged.payout_method,
      account_before: masked(accountOf(stored)),
      account_after: values.maskedAccount,
      version,
    },
  });
  await queueNotification(
    tx,
    ctx.config,
    bankDetailsChangedMail({
      userId,
      changedBy: actor.id === userId ? null : actor.name,
      at: now,
      method: merged.payout_method,
      account: values.maskedAccount,
      fields: changed.map((field) => BANK_FIELD_LABELS[field]),
    }),
    now,
  );
  await holdDraftLines(tx, userId, values);
}

/** Draft lines of this payee take the new details and wait for review. */
async function holdDraftLines(
  tx: Tx,
  userId: number,
  values: { payoutMethod: string; maskedAccount: string | null; currency: string | null; version: number },
) {
  const drafts = tx.select({ id: paymentBatches.id }).from(paymentBatches).where(eq(paymentBatches.status, 'draft'));
  await tx
    .update(paymentLines)
    .set({
      method: values.payoutMethod,
      maskedAccount: values.maskedAccount,
      currency: values.currency,
      detailsVersion: values.version,
      status: 'held',
      heldCode: values.payoutMethod === 'none' ? 'no_details' : 'details_changed',
      clearedBy: null,
    })
    .where(and(eq(paymentLines.userId, userId), inArray(paymentLines.batchId, drafts)));
}
