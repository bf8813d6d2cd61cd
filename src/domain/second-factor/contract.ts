import { z } from 'zod';
import { ZSessionUserSchema } from '../auth/contract';
import { contracts, deleteRoute, ZMessageResponseSchema, ZTimestamp } from '../contract';
import { idField, requiredText } from '../fields';

const code = requiredText('Code', 40);

/** What the account page shows about the caller's second factors. */
export const ZSecondFactorStatusSchema = z
  .object({
    totp: z.enum(['off', 'pending', 'on']),
    totp_confirmed_at: ZTimestamp.nullable(),
    recovery_codes_left: z.number().int(),
    /** The administrators' setting applies to this user. */
    required: z.boolean(),
    /** This session reaches only the enrolment screens until a second factor is set up. */
    enrolment_needed: z.boolean(),
  })
  .meta({ id: 'SecondFactorStatus' });
export type TSecondFactorStatus = z.infer<typeof ZSecondFactorStatusSchema>;

export const ZTotpEnrolmentSchema = z
  .object({
    secret: z.string(),
    otpauth_url: z.string(),
    qr_svg: z.string().meta({ description: 'The otpauth_url as a QR code, an SVG document.' }),
  })
  .meta({ id: 'TotpEnrolment' });
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolmentSchema>;

export const ZRecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

export const ZSecondFactorPolicySchema = z
  .object({ require_for_admins: z.boolean() })
  .meta({ id: 'SecondFactorPolicy' });

/** What an admin sees of another user's second factors (never a secret or a code). */
export const ZUserSecondFactorSchema = z
  .object({
    totp: z.enum(['off', 'pending', 'on']),
    passkeys: z.number().int(),
    recovery_codes_left: z.number().int(),
  })
  .meta({ id: 'UserSecondFactor' });
export type TUserSecondFactor = z.infer<typeof ZUserSecondFactorSchema>;

const ZUserIdParamsSchema = z.object({ id: idField('User id') });

export const secondFactorLoginSchema = z.object({ challenge_token: requiredText('Challenge token', 200), code });
export const confirmTotpSchema = z.object({ code });
export const disableTotpSchema = z.object({
  password: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z.string({ error: 'Password must be text.' }).min(1, 'Password is required.').max(200),
  ),
  code,
});
/** Either proves it is the owner: the password, or a current code (TOTP or an unused recovery code). */
export const regenerateRecoveryCodesSchema = z
  .object({
    password: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
      z.string({ error: 'Password must be text.' }).max(200, 'Password must be at most 200 characters.').optional(),
    ),
    code: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined),
      requiredText('Code', 40).optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.password === undefined && value.code === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Enter your password or a code from your authenticator app.',
      });
    }
  });

export const updatePolicySchema = z.object({
  require_for_admins: z.preprocess(
    (value) =>
      value === '1' || value === 1 || value === 'true'
        ? true
        : value === '0' || value === 0 || value === 'false'
          ? false
          : value,
    z.boolean({ error: 'Require for admins must be true or false.' }),
  ),
});

export const secondFactorContract = contracts('Second factor', {
  completeLogin: {
    method: 'POST',
    path: '/login/second-factor',
    summary: 'Finish a password sign-in with a TOTP code or a recovery code.',
    request: { body: secondFactorLoginSchema },
    responses: { 200: ZSessionUserSchema },
  },
  status: {
    method: 'GET',
    path: '/account/second-factor',
    summary: 'Your second factors: TOTP state and recovery codes left.',
    request: {},
    responses: { 200: ZSecondFactorStatusSchema },
  },
  startTotp: {
    method: 'POST',
    path: '/account/totp',
    summary: 'Begin TOTP enrolment: a new secret, its otpauth:// address and QR code.',
    request: {},
    responses: { 200: ZTotpEnrolmentSchema },
  },
  confirmTotp: {
    method: 'POST',
    path: '/account/totp/confirm',
    summary: 'Turn TOTP on with a current code; answers with 10 recovery codes, shown this once.',
    request: { body: confirmTotpSchema },
    responses: { 200: ZRecoveryCodesSchema },
  },
  disableTotp: {
    method: 'DELETE',
    path: '/account/totp',
    summary: 'Turn TOTP off with your password and a code (or a recovery code).',
    request: { body: disableTotpSchema },
    responses: { 200: ZMessageResponseSchema },
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/account/recovery-codes',
    summary:
      'New recovery codes for your authenticator app (your password or a current code); the old ones stop working.',
    request: { body: regenerateRecoveryCodesSchema },
    responses: { 200: ZRecoveryCodesSchema },
  },
  userSecondFactor: {
    method: 'GET',
    path: '/user/:id/second-factor',
    summary: "A user's second factors: TOTP state, passkeys and recovery codes left (admin).",
    request: { params: ZUserIdParamsSchema },
    responses: { 200: ZUserSecondFactorSchema },
  },
  removeUserSecondFactor: {
    ...deleteRoute(
      '/user/:id/second-factor',
      "Remove another user's second factor after a lost authenticator (admin).",
      ZUserIdParamsSchema,
      ZMessageResponseSchema,
    ),
    description:
      'Deletes the TOTP secret, every passkey and the recovery codes of the user, ends all their sessions, ' +
      'writes an audit event (who, whom, when) and mails the user. 409 for your own account (use Account ' +
      'Security) and for a user without a second factor.',
  },
  policy: {
    method: 'GET',
    path: '/second-factor/policy',
    summary: 'Whether administrators must use a second factor.',
    request: {},
    responses: { 200: ZSecondFactorPolicySchema },
  },
  updatePolicy: {
    method: 'PATCH',
    path: '/second-factor/policy',
    summary: 'Require a second factor for administrators (admin; you need one yourself to turn it on).',
    request: { body: updatePolicySchema },
    responses: { 200: ZSecondFactorPolicySchema },
  },
});
