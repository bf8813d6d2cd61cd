import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TPasskeyOptions } from '../../../domain/second-factor/passkey-contract';
import type { SessionUser } from '../../api/types';
import { passkeyFailureMessage } from './passkey-errors';

type Post = <T>(path: string, body: unknown) => Promise<T>;

/**
 * A passkey sign-in (decision 16): the server's options, the browser's passkey prompt, the answer.
 * This module loads with the second-factor step or when someone presses "Sign in with a Passkey", and
 * the WebAuthn code only then; the page hands in its api client's `postJson`.
 */
export async function signInWithPasskey(email: string, post: Post): Promise<SessionUser> {
  const { challenge_token, options } = await post<TPasskeyOptions>('/login/passkey/options', {
    email: email || undefined,
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    // What the server's WebAuthn library made for a sign-in, passed through the contract unchanged.
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  return post<SessionUser>('/login/passkey', { challenge_token, response });
}

/**
 * The login page's button: the session on success; null when the person cancelled the browser's
 * prompt (nothing to say); otherwise what went wrong, in words (passkeyFailureMessage), goes to `fail`.
 */
export async function passkeyButton(email: string, post: Post, fail: (message: string) => void) {
  try {
    return await signInWithPasskey(email, post);
  } catch (error) {
    const message = passkeyFailureMessage(error);
    if (message !== null) fail(message);
    return null;
  }
}
