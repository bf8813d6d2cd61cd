import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { passkeyContract } from '../../../domain/second-factor/passkey-contract';
import { call } from '../../api/call';
import { route } from '../../api/route';
import { passkeyFailureMessage } from './passkey-errors';

// The login page's calls name their contracts as types only (route.ts): zod stays off the first page.
const signInOptions = route<typeof passkeyContract.signInOptions>({ method: 'POST', path: '/login/passkey/options' });
const signIn = route<typeof passkeyContract.signIn>({ method: 'POST', path: '/login/passkey' });

/**
 * A passkey sign-in (decision 16): the server's options, the browser's passkey prompt, the answer.
 * This module loads with the second-factor step or when someone presses "Sign in with a Passkey", and
 * the WebAuthn code only then.
 */
export async function signInWithPasskey(email: string) {
  const { challenge_token, options } = await call(signInOptions, { body: { email: email || undefined } });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    // What the server's WebAuthn library made for a sign-in, passed through the contract unchanged.
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  // Spread into a plain object: the browser library's interface has no index signature to match the contract's record.
  const extensions = { ...response.clientExtensionResults };
  return call(signIn, { body: { challenge_token, response: { ...response, clientExtensionResults: extensions } } });
}

/**
 * The login page's button: the session on success; null when the person cancelled the browser's
 * prompt (nothing to say); otherwise what went wrong, in words (passkeyFailureMessage), goes to `fail`.
 */
export async function passkeyButton(email: string, fail: (message: string) => void) {
  try {
    return await signInWithPasskey(email);
  } catch (error) {
    const message = passkeyFailureMessage(error);
    if (message !== null) fail(message);
    return null;
  }
}
