import { sql } from 'drizzle-orm';
import { ADMIN } from '../../domain/roles';
import { systemContract as api } from '../../domain/system/contract';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { publicUrlWarning } from '../mail/links';

/** 200 once the database answers; the server only listens after migrations ran. */
export function healthRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.health, {
      access: 'public',
      handler: async () => {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: ctx.dbKind };
      },
    }),
    route(api.systemWarnings, {
      access: ADMIN,
      // What an admin must fix in the configuration; shown on the admin dashboard (decision 16).
      handler: async () => ({ warnings: [publicUrlWarning(ctx.config)].filter((w): w is string => w !== null) }),
    }),
  ];
}
