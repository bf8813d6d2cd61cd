import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238) through `otpauth`: 6 digits, 30-second steps, SHA-1, as every authenticator app
 * reads them. A code is accepted one step either side of now (clock drift), and only for a step
 * later than the last one accepted, so a code seen over a shoulder cannot be replayed.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Sheepfold';

export interface TotpOptions {
  digits?: number;
  algorithm?: 'SHA1' | 'SHA256' | 'SHA512';
}

function totp(secretBase32: string, label = '', options: TotpOptions = {}): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secretBase32),
    digits: options.digits ?? 6,
    period: TOTP_PERIOD_SECONDS,
    algorithm: options.algorithm ?? 'SHA1',
  });
}

/** A new random secret of 160 bits (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** Base32 of a secret given as text (the RFC's test secrets are ASCII). */
export function base32OfText(text: string): string {
  return Secret.fromLatin1(text).base32;
}

/** The time step an instant falls in. */
export function stepAt(instant: Date): number {
  return Math.floor(instant.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for an instant. */
export function totpCode(secretBase32: string, instant: Date, options: TotpOptions = {}): string {
  return totp(secretBase32, '', options).generate({ timestamp: instant.getTime() });
}

/**
 * The time step a code belongs to when it is valid at `instant` (±1 step) and later than
 * `lastStep`; null otherwise.
 */
export function verifyTotp(secretBase32: string, code: string, instant: Date, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: instant.getTime(), window: 1 });
  if (delta === null) return null;
  const step = stepAt(instant) + delta;
  return step > lastStep ? step : null;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, accountName: string): string {
  return totp(secretBase32, accountName).toString();
}

/** The QR code of that address as an SVG document, drawn here: no image service sees the secret. */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
