import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { missingDefaults } from '../../domain/categories/defaults';
import { DEFAULT_SETTINGS, SETTING_NAMES } from '../../domain/settings/settings';
import { type SetupFacts, setupChecklist } from '../../domain/setup/checklist';
import { listCategories } from '../categories/categories';
import type { Db, DbOrTx } from '../db/client';
import { rowsOfResult } from '../db/query-rows';
import { categories } from '../db/schema';
import { recordAudit } from '../journal/journal';

/** Serialises "Add default categories" so two clicks cannot add the set twice. */
const DEFAULT_CATEGORIES_LOCK = 1_600_016;

const ZFactsRow = z.object({
  settings_saved: z.boolean(),
  settings_changed: z.boolean(),
  expense_categories: z.coerce.number(),
  mileage_categories: z.coerce.number(),
  advance_categories: z.coerce.number(),
  missionaries: z.coerce.number(),
  with_payroll: z.coerce.number(),
  without_payroll_id: z.coerce.number().nullable(),
  uploads: z.coerce.number(),
  approved: z.coerce.number(),
});

/** What the checklist reads, in one statement; the rule of what counts as done is setupChecklist(). */
export async function loadSetupFacts(db: DbOrTx): Promise<SetupFacts> {
  const defaults = sql.join(
    SETTING_NAMES.map((name) => sql`(${name}, ${DEFAULT_SETTINGS[name]})`),
    sql`, `,
  );
  const payroll = sql`(p.tax_status is not null or p.net_salary <> 0)`;
  const result = await db.execute(sql`
    select
      exists (select 1 from audit_events where entity_type = 'settings') as settings_saved,
      exists (
        select 1 from settings s join (values ${defaults}) as d(name, value) on d.name = s.setting_name
        where s.setting_value <> d.value
      ) as settings_changed,
      (select count(*) from categories where expense)::int as expense_categories,
      (select count(*) from categories where mileage)::int as mileage_categories,
      (select count(*) from categories where advance)::int as advance_categories,
      (select count(*) from users where role = 'missionary' and deleted_at is null)::int as missionaries,
      (select count(*) from users u join profiles p on p.user_id = u.id
        where u.role = 'missionary' and u.deleted_at is null and ${payroll})::int as with_payroll,
      (select min(u.id) from users u left join profiles p on p.user_id = u.id
        where u.role = 'missionary' and u.deleted_at is null and not coalesce(${payroll}, false)) as without_payroll_id,
      (select count(*) from donation_uploads)::int as uploads,
      (select count(*) from distributions where status = 'approved')::int as approved
  `);
  const [row] = rowsOfResult(result, ZFactsRow);
  return {
    settingsReviewed: row.settings_saved || row.settings_changed,
    expenseCategories: row.expense_categories,
    mileageCategories: row.mileage_categories,
    advanceCategories: row.advance_categories,
    missionaries: row.missionaries,
    missionariesWithPayroll: row.with_payroll,
    missionaryWithoutPayrollId: row.without_payroll_id,
    donationUploads: row.uploads,
    approvedDistributions: row.approved,
  };
}

export async function getSetupChecklist(db: DbOrTx) {
  return setupChecklist(await loadSetupFacts(db));
}

/**
 * POST /setup/default-categories: adds the default categories whose names are not taken yet (so a
 * second click adds nothing) and answers with every category, like GET /categories.
 */
export async function addDefaultCategories(db: Db, actorId: number) {
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_CATEGORIES_LOCK})`);
    const existing = await tx.select({ name: categories.expenseCategory }).from(categories);
    const missing = missingDefaults(existing.map((row) => row.name));
    if (missing.length === 0) return 0;
    await tx.insert(categories).values(
      missing.map((category) => ({
        expenseCategory: category.expense_category,
        description: category.description,
        expense: category.uses.includes('expense'),
        mileage: category.uses.includes('mileage'),
        advance: category.uses.includes('advance'),
      })),
    );
    await recordAudit(tx, {
      actorId,
      action: 'add_defaults',
      entityType: 'category',
      details: { added: missing.map((category) => category.expense_category) },
    });
    return missing.length;
  });
  return { added, categories: await listCategories(db) };
}
