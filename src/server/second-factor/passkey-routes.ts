import { passkeyContract as api } from '../../domain/second-factor/passkey-contract';
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
      handler: async (request) => signInWithPasskey(ctx, request.body, request.raw.ip),
    }),
  ];
}
