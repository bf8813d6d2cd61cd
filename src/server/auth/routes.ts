import { authContract as api } from '../../domain/auth/contract';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { rememberDevice } from './device-cookie';
import { mintDownloadToken } from './download-tokens';
import { login, loginWithToken } from './login';
import { resetPassword, sendResetLink, updatePassword } from './password-reset';
import { revokeApiToken } from './tokens';

export function authRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.login, {
      access: 'public',
      handler: async (request, reply) => {
        const result = await login(ctx, request.body, request.raw.ip, request.raw.headers.cookie);
        if ('second_factor_required' in result) reply.code(202);
        else rememberDevice(ctx.config, reply, request.raw, result.id, ctx.clock.now());
        return result;
      },
    }),
    route(api.loginWithToken, {
      access: 'public',
      handler: async (request) => loginWithToken(ctx, request.body.api_token),
    }),
    route(api.logout, {
      access: 'user',
      enrolment: true,
      handler: async (request) => {
        await revokeApiToken(ctx.db, String(request.raw.headers['api-token']), ctx.clock.now());
        return { success: true };
      },
    }),
    route(api.downloadToken, {
      access: 'user',
      handler: async (request) =>
        mintDownloadToken(ctx.db, request.user, String(request.raw.headers['api-token'] ?? ''), ctx.clock.now()),
    }),
    route(api.sendResetLink, {
      access: 'public',
      // A client's baseUrl is accepted (docs/product.md sends it) but never used for the link (decision 16).
      handler: async (request) => sendResetLink(ctx, request.body, request.raw.ip),
    }),
    route(api.resetPassword, {
      access: 'public',
      handler: async (request) => resetPassword(ctx, request.body, request.raw.ip),
    }),
    route(api.updatePassword, {
      access: 'user',
      handler: async (request) => {
        const token = String(request.raw.headers['api-token'] ?? '');
        return updatePassword(ctx, request.user, token, request.params.id, request.body);
      },
    }),
  ];
}
