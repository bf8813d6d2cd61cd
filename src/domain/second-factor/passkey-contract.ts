import { z } from 'zod';
import { ZSessionUserSchema } from '../auth/contract';
import { contracts, deleteRoute, ZId, ZMessageResponseSchema, ZTimestamp } from '../contract';
import { idField, optionalText, requiredText } from '../fields';

/** A registered passkey as its owner sees it: the name they gave it, never the key. */
export const ZPasskeySchema = z
  .object({ id: ZId, name: z.string(), created_at: ZTimestamp, last_used_at: ZTimestamp.nullable() })
  .meta({ id: 'Passkey' });
export type TPasskey = z.infer<typeof ZPasskeySchema>;

/**
 * WebAuthn options for the browser (PublicKeyCredential*OptionsJSON), with the step they belong to.
 * Every field the server's WebAuthn library writes passes through unchanged (a loose object); the
 * one both kinds share is named.
 */
export const ZPasskeyOptionsSchema = z
  .object({
    challenge_token: z.string(),
    options: z.looseObject({ challenge: z.string() }),
  })
  .meta({ id: 'PasskeyOptions' });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptionsSchema>;

/** A part of WebAuthn's options passed to the browser as the server's library wrote it. */
const webAuthnObject = (description: string) => z.unknown().meta({ description });

/** Registration's options also name the site, the person and the key types (shapes as WebAuthn says). */
export const ZPasskeyCreationOptionsSchema = z
  .object({
    challenge_token: z.string(),
    options: z.looseObject({
      challenge: z.string(),
      rp: webAuthnObject('The site (WebAuthn PublicKeyCredentialRpEntity: name, id).'),
      user: webAuthnObject('The person (WebAuthn PublicKeyCredentialUserEntityJSON: id, name, displayName).'),
      pubKeyCredParams: webAuthnObject('The key types accepted (WebAuthn PublicKeyCredentialParameters[]).'),
    }),
  })
  .meta({ id: 'PasskeyCreationOptions' });
export type TPasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptionsSchema>;

const b64url = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .max(20_000, `${label} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url.`);

/**
 * What navigator.credentials.create()/get() gave the browser, as @simplewebauthn/browser serialises
 * it (WebAuthn's RegistrationResponseJSON / AuthenticationResponseJSON). Its fields are checked for
 * shape here, the signature and challenge by the server. The parsed value is exactly the type
 * @simplewebauthn/server verifies (second-factor/passkeys.ts assigns it without a cast): fields
 * SimpleWebAuthn does not read, and any a newer browser adds, are dropped, not refused; the extension
 * results are dropped too, since the server asks for no extension.
 */
const credentialResponse = <R extends z.ZodType>(response: R) =>
  z.object({
    id: b64url('Credential id').min(1, 'Credential id is required.'),
    rawId: b64url('Credential id'),
    type: z.literal('public-key', { error: 'Type must be public-key.' }),
    response,
    clientExtensionResults: z
      .record(z.string(), z.unknown())
      .optional()
      .transform(() => ({})),
  });

export const registrationResponseSchema = credentialResponse(
  z.object({
    clientDataJSON: b64url('Client data'),
    attestationObject: b64url('Attestation'),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
);
export const authenticationResponseSchema = credentialResponse(
  z.object({
    clientDataJSON: b64url('Client data'),
    authenticatorData: b64url('Authenticator data'),
    signature: b64url('Signature'),
    userHandle: b64url('User handle').optional(),
  }),
);

export const registerPasskeySchema = z.object({
  challenge_token: requiredText('Challenge token', 200),
  name: requiredText('Name', 100),
  response: registrationResponseSchema,
});
export const passkeySignInOptionsSchema = z.object({ email: optionalText('Email', 255) });
export const passkeySignInSchema = z.object({
  challenge_token: requiredText('Challenge token', 200),
  response: authenticationResponseSchema,
});

export const passkeyContract = contracts('Passkeys', {
  listPasskeys: {
    method: 'GET',
    path: '/account/passkeys',
    summary: 'Your passkeys.',
    request: {},
    responses: { 200: z.array(ZPasskeySchema) },
  },
  registrationOptions: {
    method: 'POST',
    path: '/account/passkeys/options',
    summary: 'Begin registering a passkey: WebAuthn creation options and the step token.',
    request: {},
    responses: { 200: ZPasskeyCreationOptionsSchema },
  },
  registerPasskey: {
    method: 'POST',
    path: '/account/passkeys',
    summary: 'Finish registering a passkey with the authenticator’s answer and a name for it.',
    request: { body: registerPasskeySchema },
    responses: { 201: ZPasskeySchema },
  },
  deletePasskey: deleteRoute(
    '/account/passkeys/:id',
    'Remove one of your passkeys.',
    z.object({ id: idField('Passkey id') }),
    ZMessageResponseSchema,
  ),
  signInOptions: {
    method: 'POST',
    path: '/login/passkey/options',
    summary: 'Begin a passkey sign-in (with or without the email): WebAuthn request options and the step token.',
    request: { body: passkeySignInOptionsSchema },
    responses: { 200: ZPasskeyOptionsSchema },
  },
  signIn: {
    method: 'POST',
    path: '/login/passkey',
    summary: 'Sign in with a passkey (both factors at once); answers as POST /login does.',
    request: { body: passkeySignInSchema },
    responses: { 200: ZSessionUserSchema },
  },
});
