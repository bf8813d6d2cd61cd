import { AppError } from '../../domain/errors';
import { ADMIN } from '../../domain/roles';
import { secondFactorContract as api } from '../../domain/second-factor/contract';
import { secondFactorVerifyContract } from '../../domain/second-factor/verify-contract';
import { rememberDevice } from '../auth/device-cookie';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { removeUserSecondFactor, userSecondFactor } from './admin-removal';
import { verifySecondFactorAgain } from './freshness';
import { adminsMustUseSecondFactor, setAdminsMustUseSecondFactor } from './policy';
import { completeSecondFactor } from './sign-in';
import {
  confirmTotp,
  disableTotp,
  hasTotp,
  regenerateRecoveryCodes,
  secondFactorStatus,
  startTotp,
} from './totp-service';

const sessionToken = (headers: Record<string, unknown>) => String(headers['api-token'] ?? '');

export function secondFactorRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.completeLogin, {
      access: 'public',
      handler: async (request, reply) => {
        const session = await completeSecondFactor(ctx, request.body, request.raw.ip, request.raw.headers.cookie);
        rememberDevice(ctx.config, reply, request.raw, session.id, ctx.clock.now());
        return session;
      },
    }),
    route(api.status, {
      access: 'user',
      enrolment: true,
      handler: async (request) => secondFactorStatus(ctx, request.user),
    }),
    route(api.startTotp, { access: 'user', enrolment: true, handler: async (request) => startTotp(ctx, request.user) }),
    route(api.confirmTotp, {
      access: 'user',
      enrolment: true,
      handler: async (request) => confirmTotp(ctx, request.user, sessionToken(request.raw.headers), request.body.code),
    }),
    route(api.disableTotp, {
      access: 'user',
      handler: async (request) => disableTotp(ctx, request.user, request.body),
    }),
    route(secondFactorVerifyContract.verifySecondFactor, {
      access: 'user',
      handler: async (request) =>
        verifySecondFactorAgain(ctx, request.user, sessionToken(request.raw.headers), request.body.code),
    }),
    route(api.regenerateRecoveryCodes, {
      access: 'user',
      handler: async (request) => regenerateRecoveryCodes(ctx, request.user, request.body),
    }),
    route(api.userSecondFactor, {
      access: ADMIN,
      handler: async (request) => userSecondFactor(ctx, request.params.id),
    }),
    route(api.removeUserSecondFactor, {
      access: ADMIN,
      handler: async (request) => removeUserSecondFactor(ctx, request.user, request.params.id),
    }),
    route(api.policy, {
      access: 'user',
      handler: async () => ({ require_for_admins: await adminsMustUseSecondFactor(ctx.db) }),
    }),
    route(api.updatePolicy, {
      access: ADMIN,
      handler: async (request) => {
        const on = request.body.require_for_admins;
        // Turning it on without a second factor of your own would lock you out of this screen.
        if (on && !(await hasTotp(ctx.db, request.user.id))) {
          throw AppError.conflict('Set up your own authenticator app first, then require it for administrators.');
        }
        await ctx.db.transaction(async (tx) => {
          await setAdminsMustUseSecondFactor(tx, on, ctx.clock.now());
          await recordAudit(tx, {
            actorId: request.user.id,
            action: 'update',
            entityType: 'settings',
            details: { require_admin_second_factor: on },
          });
        });
        return { require_for_admins: on };
      },
    }),
  ];
}
