import { z } from 'zod';
import { contracts, ZMessageResponseSchema, ZSuccessResponseSchema } from '../contract';
import { idField } from '../fields';
import { ZUserSchema } from '../users/contract';
import {
  loginSchema,
  passwordEmailSchema,
  passwordResetSchema,
  tokenLoginSchema,
  updatePasswordSchema,
} from './schemas';

/** A signed-in user: the user and the token to send as the `api-token` header. */
export const ZSessionUserSchema = ZUserSchema.extend({
  api_token: z.string(),
  /** An administrator must set up a second factor before anything else (decision 16). */
  second_factor_setup_required: z.boolean().optional(),
}).meta({ id: 'SessionUser' });
export type TSessionUser = z.infer<typeof ZSessionUserSchema>;

/** POST /download-token: a short-lived, single-use token for one download (docs/security.md). */
export const ZDownloadTokenSchema = z
  .object({ download_token: z.string(), expires_in: z.number().int() })
  .meta({ id: 'DownloadToken' });

/** POST /login answers 202 with this when the password was right and a second factor is needed. */
export const ZSecondFactorNeededSchema = z
  .object({
    second_factor_required: z.literal(true),
    challenge_token: z.string(),
    message: z.string(),
  })
  .meta({ id: 'SecondFactorNeeded' });
export type TSecondFactorNeeded = z.infer<typeof ZSecondFactorNeededSchema>;

export const authContract = contracts('Authentication', {
  login: {
    method: 'POST',
    path: '/login',
    summary:
      'Sign in with email and password; answers with the user and an api_token, or (202) with the step that asks for the second factor.',
    request: { body: loginSchema },
    responses: { 200: ZSessionUserSchema, 202: ZSecondFactorNeededSchema },
  },
  loginWithToken: {
    method: 'POST',
    path: '/token',
    summary: 'Resume a session from a stored api_token.',
    request: { body: tokenLoginSchema },
    responses: { 200: ZSessionUserSchema },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    summary: 'End the session of the api-token header.',
    request: {},
    responses: { 200: ZSuccessResponseSchema },
  },
  downloadToken: {
    method: 'POST',
    path: '/download-token',
    summary:
      'A download token for the signed-in user: works once, for 60 seconds, as `download_token` in the query of a download route, and nowhere else.',
    request: {},
    responses: { 200: ZDownloadTokenSchema },
  },
  sendResetLink: {
    method: 'POST',
    path: '/password/email',
    summary: 'Email a password reset link (the same answer whether or not the address is known).',
    request: { body: passwordEmailSchema },
    responses: { 200: ZMessageResponseSchema },
  },
  resetPassword: {
    method: 'POST',
    path: '/password/reset',
    summary: 'Set a new password with the token of a reset link.',
    request: { body: passwordResetSchema },
    responses: { 200: ZMessageResponseSchema },
  },
  updatePassword: {
    method: 'PATCH',
    path: '/user/:id/update-password',
    summary: 'Change a password (your own with the current one; an admin anyone’s).',
    request: { params: z.object({ id: idField('User id') }), body: updatePasswordSchema },
    responses: { 200: ZMessageResponseSchema },
  },
});
