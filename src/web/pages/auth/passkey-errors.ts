/**
 * What to tell a person whose passkey prompt failed, in the office's words instead of the browser's
 * ("127.0.0.1 is an invalid domain"). Null when they cancelled the prompt themselves: nothing to say.
 * Reads @simplewebauthn/browser's WebAuthnError `code` without importing the library (it loads only
 * when a passkey is used).
 */
export function passkeyFailureMessage(failure: unknown): string | null {
  // A DOMException is not an Error everywhere (Node 20), so its name and message are read as fields.
  if (typeof failure !== 'object' || failure === null) return String(failure);
  const { name, code, message } = failure as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'NotAllowedError' || name === 'AbortError') return null;
  switch (code) {
    case 'ERROR_INVALID_DOMAIN':
      return 'Passkeys work only when Sheepfold is opened at its name (its https address, or localhost), not at an IP address. Sign in with your password here.';
    case 'ERROR_INVALID_RP_ID':
      return "This address is not the one Sheepfold's passkeys belong to. Open Sheepfold at its usual address, or sign in with your password.";
    case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
      return 'This device already holds a passkey for your account.';
    case 'ERROR_CEREMONY_ABORTED':
      return null;
    default:
      return typeof message === 'string' && message !== '' ? message : String(failure);
  }
}
