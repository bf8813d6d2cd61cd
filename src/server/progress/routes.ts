import { progressContract as api } from '../../domain/progress/contract';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { readProgress } from './progress';

export function progressRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getProgress, {
      access: ADMIN,
      handler: async (request) => readProgress(ctx, request.user, request.params.job),
    }),
  ];
}
