import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { users } from './users';

/**
 * Every change of a balance writes one row here in the same transaction (docs/decisions.md, "Money").
 * A balance is its opening value plus the sum of its rows, so balances can be rebuilt and checked.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    /** user_fund, user_unreimbursed, hold_account, hold_account_unreimbursed */
    account: text('account').notNull(),
    /** The user id for user_* accounts, the hold account id for hold_account_* accounts. */
    accountId: integer('account_id').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    memo: text('memo'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reversing row names the row it undoes (an approval's reversal); each row is undone at most once. */
    reversesJournalId: integer('reverses_journal_id').references((): AnyPgColumn => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'journal_account_check',
      sql`${t.account} in ('user_fund', 'user_unreimbursed', 'hold_account', 'hold_account_unreimbursed')`,
    ),
    index('journal_account_idx').on(t.account, t.accountId, t.id),
    index('journal_ref_idx').on(t.refType, t.refId),
    uniqueIndex('journal_reverses_idx').on(t.reversesJournalId).where(sql`${t.reversesJournalId} is not null`),
  ],
);

/** Who did what, for actions that move no balance (user edits, approvals, deletions). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_entity_idx').on(t.entityType, t.entityId)],
);
