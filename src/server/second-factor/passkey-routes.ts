import { passkeyContract as api } from '../../domain/second-factor/passkey-contract';
import { rememberDevice } from '../auth/device-cookie';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import {
  deletePasskey,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  signInOptions,
  signInWithPasskey,
} from './passkeys';

export function passkeyRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.listPasskeys, { access: 'user', handler: async (request) => listPasskeys(ctx, request.user.id) }),
    route(api.registrationOptions, {
      access: 'user',
      handler: async (request) => registrationOptions(ctx, request.user),
    }),
    route(api.registerPasskey, {
      idempotency: 'route',
      access: 'user',
      handler: async (request) => registerPasskey(ctx, request.user, request.body),
    }),
    route(api.deletePasskey, {
      access: 'user',
      handler: async (request) => deletePasskey(ctx, request.user, request.params.id),
    }),
    route(api.signInOptions, { access: 'public', handler: async (request) => signInOptions(ctx, request.body.email) }),
    route(api.signIn, {
      access: 'public',
      handler: async (request, reply) => {
        const session = await signInWithPasskey(ctx, request.body, request.raw.ip);
        rememberDevice(ctx.config, reply, request.raw, session.id, ctx.clock.now());
        return session;
      },
    }),
  ];
}
