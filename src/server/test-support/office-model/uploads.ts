import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { queryRows } from '../../db/query-rows';
import { command, pick, user } from './command';
import { call, type Model, monthRange, type Real } from './world';

/**
 * Several uploads in a month (docs/distribution.md "Several uploads in a month"): a distribution, or
 * Build MAT Day, takes the undistributed donations of two or more of the files imported so far (the
 * single-upload commands take one), possibly a file another distribution already took part of.
 * Invariant, after every step: every donation is counted by at most one distribution that is not
 * reversed — each such distribution's total donations is exactly the sum of the donations it holds
 * (so none it counts is held elsewhere, none is counted twice), and a reversed one holds none.
 */

/** How often a distribution of several uploads was saved, and by which route (printed by `npm run check:model`). */
export const uploadStats = { saved: 0, built: 0 };

/** Two to three distinct uploads of the model (by index), in the order drawn. */
const names = (model: Readonly<Model>, which: readonly number[]) => [
  ...new Set(which.map((index) => pick(model.uploads, index).name)),
];

const several = fc.array(fc.nat(), { minLength: 2, maxLength: 3 });

/** One missionary's distribution taking several uploads. */
const distributionOfUploads = fc.record({ who: fc.nat(), which: several }).map(({ who, which }) =>
  command(
    `distributionOfUploads(${who}, [${which.join(', ')}])`,
    (model) => model.uploads.length >= 2,
    async (model, real) => {
      const owner = user(real, who);
      const month = model.month.get(owner.id) ?? 0;
      const answer = await call(real, 'POST', '/api/distribution', {
        token: real.admin.token,
        json: {
          user_id: owner.id,
          ...monthRange(month),
          donation_upload_names: names(model, which),
          hold_account_transactions: [],
          advance_requests: [],
        },
      });
      if (answer.status !== 201) return;
      uploadStats.saved += 1;
      model.month.set(owner.id, month + 1);
      model.pending.push(answer.body.id);
    },
  ),
);

/** Build MAT Day for everyone with several uploads. */
const buildMatDayOfUploads = several.map((which) =>
  command(
    `buildMatDayOfUploads([${which.join(', ')}])`,
    (model) => model.uploads.length >= 2,
    async (model, real) => {
      const month = Math.max(...model.month.values());
      const answer = await call(real, 'POST', '/api/batch-distributions', {
        token: real.admin.token,
        json: { ...monthRange(month), donation_upload_names: names(model, which) },
      });
      if (answer.status !== 201) return;
      uploadStats.built += answer.body.created.length;
      for (const key of model.month.keys()) model.month.set(key, month + 1);
      model.pending.push(...answer.body.created.map((d: { id: number }) => d.id));
    },
  ),
);

export const uploadCommands = [distributionOfUploads, buildMatDayOfUploads];

const ZCounted = z.object({ id: z.coerce.number(), status: z.string(), counted: z.string(), held: z.string() });

/**
 * The invariant, in SQL of its own: for every distribution, what it counts (total_donations) against
 * the donations that name it. A distribution that is not reversed holds exactly what it counts; a
 * reversed one holds none. A donation names one distribution, so none is counted twice.
 */
export async function donationProblems(real: Real): Promise<string[]> {
  const rows = await queryRows(
    real.t.ctx.db,
    sql`select d.id, d.status, d.total_donations::text as counted,
        coalesce((select sum(x.amount) from donations x where x.distribution_id = d.id), 0)::text as held
      from distributions d`,
    ZCounted,
  );
  const problems: string[] = [];
  for (const row of rows) {
    const counted = Number(row.counted);
    const held = Number(row.held);
    if (row.status === 'reversed' && held !== 0)
      problems.push(`reversed distribution #${row.id} still holds donations of ${held}`);
    if (row.status !== 'reversed' && counted !== held)
      problems.push(`distribution #${row.id} (${row.status}) counts donations of ${counted} but holds ${held}`);
  }
  return problems;
}
