import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { queryRows } from '../../db/query-rows';
import { command, fail, user } from './command';
import { call, type Model, type Real } from './world';

/**
 * One missionary, one distribution per day (docs/distribution.md "One distribution per day"): saves
 * whose dates share a day with another distribution of the missionary, by POST and by a PATCH that
 * moves a pending one onto another, must be refused with 409 and change nothing; and after every
 * step no day of a missionary is in two approved distributions, nor in two that count (not reversed).
 */

const ZDated = z.object({
  id: z.coerce.number(),
  user_id: z.coerce.number(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.string(),
});

async function distributionsOf(real: Real, userId: number) {
  return queryRows(
    real.t.ctx.db,
    sql`select id, user_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date,
        status from distributions where user_id = ${userId} and status <> 'reversed' order by id`,
    ZDated,
  );
}

/** A day `offset` days after `date` (YYYY-MM-DD). */
function addDays(date: string, offset: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Dates that share at least one day with `other`: they start `shift` days before or into it. */
function overlapping(other: { start_date: string; end_date: string }, shift: number, length: number) {
  const span = (Date.parse(other.end_date) - Date.parse(other.start_date)) / 86_400_000;
  // shift in [-length, span]: the range [start+shift, start+shift+length] always meets [start, end].
  const start = addDays(other.start_date, Math.max(-length, Math.min(span, shift)));
  return { start_date: start, end_date: addDays(start, length) };
}

const counts = async (real: Real) =>
  (
    await queryRows(
      real.t.ctx.db,
      sql`select count(*)::int as n, coalesce(max(updated_at)::text, '') as at from distributions`,
      z.object({ n: z.coerce.number(), at: z.string() }),
    )
  )[0];

const shape = fc.record({
  who: fc.nat(),
  which: fc.nat(),
  shift: fc.integer({ min: -40, max: 40 }),
  length: fc.integer({ min: 0, max: 45 }),
});

/** POST a distribution over another of the same missionary: 409, nothing written. */
const overlappingPost = shape.map(({ who, which, shift, length }) =>
  command(
    `overlappingPost(${who}, ${which}, ${shift}, ${length})`,
    () => true,
    async (_model: Model, real: Real) => {
      const owner = user(real, who);
      const own = await distributionsOf(real, owner.id);
      if (own.length === 0) return;
      const other = own[which % own.length];
      const before = await counts(real);
      const answer = await call(real, 'POST', '/api/distribution', {
        token: real.admin.token,
        json: { user_id: owner.id, ...overlapping(other, shift, length) },
      });
      if (answer.status !== 409) fail(`an overlapping POST answered ${answer.status}, not 409`);
      const after = await counts(real);
      if (after.n !== before.n || after.at !== before.at) fail('an overlapping POST changed the distributions');
    },
  ),
);

/** PATCH a pending distribution's dates onto another of the same missionary: 409, nothing written. */
const overlappingPatch = shape.map(({ who, which, shift, length }) =>
  command(
    `overlappingPatch(${who}, ${which}, ${shift}, ${length})`,
    (model) => model.pending.length > 0,
    async (model: Model, real: Real) => {
      const owner = user(real, who);
      const own = await distributionsOf(real, owner.id);
      const moving = own.find((d) => d.status === 'pending' && model.pending.includes(d.id));
      const others = own.filter((d) => d.id !== moving?.id);
      if (!moving || others.length === 0) return;
      const other = others[which % others.length];
      const before = await counts(real);
      const answer = await call(real, 'PATCH', `/api/distribution/${moving.id}`, {
        token: real.admin.token,
        json: { user_id: owner.id, ...overlapping(other, shift, length) },
      });
      if (answer.status !== 409)
        fail(`a PATCH moving #${moving.id} onto #${other.id} answered ${answer.status}, not 409`);
      const after = await counts(real);
      if (after.n !== before.n || after.at !== before.at) fail('an overlapping PATCH changed the distributions');
    },
  ),
);

export const overlapCommands = [overlappingPost, overlappingPatch];

const ZPair = z.object({ a: z.coerce.number(), b: z.coerce.number(), kind: z.string() });

/**
 * The invariant, in SQL of its own (not the domain rule it checks): no day of a missionary is in two
 * approved distributions, nor in two that are not reversed. Returns what breaks it.
 */
export async function overlapProblems(real: Real): Promise<string[]> {
  const pairs = await queryRows(
    real.t.ctx.db,
    sql`select a.id as a, b.id as b,
        case when a.status = 'approved' and b.status = 'approved' then 'paid twice' else 'both counting' end as kind
      from distributions a join distributions b on a.user_id = b.user_id and a.id < b.id
      where a.status <> 'reversed' and b.status <> 'reversed'
        and exists (select 1 from generate_series(a.start_date, a.end_date, interval '1 day') day
                    where day::date between b.start_date and b.end_date)`,
    ZPair,
  );
  return pairs.map((p) => `distributions #${p.a} and #${p.b} share a day (${p.kind})`);
}
