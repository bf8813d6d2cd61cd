import { z } from 'zod';
import {
  loginSchema,
  passwordEmailSchema,
  passwordResetSchema,
  tokenLoginSchema,
  updatePasswordSchema,
} from '../../domain/auth/schemas';
import { idField } from '../../domain/fields';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { mailLinkBase } from '../mail/links';
import { login, loginWithToken } from './login';
import { resetPassword, sendResetLink, updatePassword } from './password-reset';
import { revokeApiToken } from './tokens';

export function authRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: '/login',
      access: 'public',
      handler: async (request) => login(ctx, parse(loginSchema, request.body), request.raw.ip),
    }),
    route({
      method: 'POST',
      url: '/token',
      access: 'public',
      handler: async (request) => loginWithToken(ctx, parse(tokenLoginSchema, request.body).api_token),
    }),
    route({
      method: 'POST',
      url: '/logout',
      access: 'user',
      handler: async (request) => {
        await revokeApiToken(ctx.db, String(request.raw.headers['api-token']), ctx.clock.now());
        return { success: true };
      },
    }),
    route({
      method: 'POST',
      url: '/password/email',
      access: 'public',
      handler: async (request) => {
        const input = parse(passwordEmailSchema, request.body);
        return sendResetLink(ctx, input, request.raw.ip, mailLinkBase(ctx.config, request.raw, input.baseUrl));
      },
    }),
    route({
      method: 'POST',
      url: '/password/reset',
      access: 'public',
      handler: async (request) => resetPassword(ctx, parse(passwordResetSchema, request.body), request.raw.ip),
    }),
    route({
      method: 'PATCH',
      url: '/user/:id/update-password',
      access: 'user',
      handler: async (request) => {
        const { id } = parse(z.object({ id: idField('User id') }), request.params);
        return updatePassword(ctx, request.user, id, parse(updatePasswordSchema, request.body));
      },
    }),
  ];
}
