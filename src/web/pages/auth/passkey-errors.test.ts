import { passkeyFailureMessage } from './passkey-errors';

/** @simplewebauthn/browser's WebAuthnError: an Error with the DOMException's name and a code. */
function webAuthnError(name: string, code: string, message: string): Error {
  return Object.assign(new Error(message), { name, code });
}

describe('passkeyFailureMessage', () => {
  it.each([
    ['the person cancelled the prompt', new DOMException('cancelled', 'NotAllowedError'), null],
    [
      'a cancelled prompt as the library wraps it',
      webAuthnError('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'x'),
      null,
    ],
    ['the page aborted the prompt', webAuthnError('AbortError', 'ERROR_CEREMONY_ABORTED', 'aborted'), null],
    [
      'an IP address',
      webAuthnError('SecurityError', 'ERROR_INVALID_DOMAIN', '127.0.0.1 is an invalid domain'),
      'Passkeys work only when Sheepfold is opened at its name (its https address, or localhost), not at an IP address. Sign in with your password here.',
    ],
    [
      'another address than the passkeys belong to',
      webAuthnError('SecurityError', 'ERROR_INVALID_RP_ID', 'The RP ID "x" is invalid for this domain'),
      "This address is not the one Sheepfold's passkeys belong to. Open Sheepfold at its usual address, or sign in with your password.",
    ],
    [
      'a device already registered',
      webAuthnError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'registered'),
      'This device already holds a passkey for your account.',
    ],
    [
      'anything else keeps its message',
      new Error('WebAuthn is not supported in this browser'),
      'WebAuthn is not supported in this browser',
    ],
    ['a thrown string', 'offline', 'offline'],
  ])('%s', (_, failure, expected) => {
    expect(passkeyFailureMessage(failure)).toBe(expected);
  });
});
