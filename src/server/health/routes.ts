import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';

/** 200 once the database answers; the server only listens after migrations ran. */
export function healthRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/health',
      access: 'public',
      handler: async () => {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok', database: ctx.dbKind };
      },
    }),
  ];
}
