import {
  type BankDetails,
  NO_BANK_DETAILS,
  PAYOUT_METHODS,
  type PayoutMethod,
} from '../../domain/payments/bank-details';
import type { Config } from '../config';
import { openText, sealText, secretKeyOf } from '../second-factor/secret-box';

/**
 * Bank details and payment files at rest: sealed with the key TOTP secrets use (SECRET_KEY, else
 * DATA_DIR/secret.key; second-factor/secret-box.ts), each bound to its owner — a user's details to
 * their user id, a batch's files to the batch id — so a row copied onto another does not open.
 */
type KeyConfig = Pick<Config, 'secretKey' | 'dataDir'>;

export function sealBankDetails(config: KeyConfig, userId: number, details: BankDetails): string {
  return sealText(secretKeyOf(config).key, `bank:${userId}`, JSON.stringify(details));
}

/** The stored details of a user; none stored reads as no details. Throws when they do not open (wrong key). */
export function openBankDetails(config: KeyConfig, userId: number, sealed: string | null): BankDetails {
  if (sealed === null) return NO_BANK_DETAILS;
  const text = openText(secretKeyOf(config).key, `bank:${userId}`, sealed);
  if (text === null) {
    throw new Error(
      `The bank details of user ${userId} cannot be decrypted: SECRET_KEY (or DATA_DIR/secret.key) is not the key they were sealed with.`,
    );
  }
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const details: BankDetails = { ...NO_BANK_DETAILS };
  for (const key of Object.keys(NO_BANK_DETAILS) as Array<keyof BankDetails>) {
    const value = parsed[key];
    if (key === 'payout_method') {
      details.payout_method = (PAYOUT_METHODS as readonly string[]).includes(String(value))
        ? (value as PayoutMethod)
        : 'none';
    } else if (typeof value === 'string') details[key] = value;
  }
  return details;
}

export interface BatchFiles {
  nacha: string | null;
  pain001: string | null;
  checks: string | null;
}

export function sealBatchFiles(config: KeyConfig, batchId: number, files: BatchFiles): string {
  return sealText(secretKeyOf(config).key, `batch:${batchId}`, JSON.stringify(files));
}

export function openBatchFiles(config: KeyConfig, batchId: number, sealed: string | null): BatchFiles {
  const empty: BatchFiles = { nacha: null, pain001: null, checks: null };
  if (sealed === null) return empty;
  const text = openText(secretKeyOf(config).key, `batch:${batchId}`, sealed);
  if (text === null) throw new Error(`The files of payment batch ${batchId} cannot be decrypted: wrong SECRET_KEY.`);
  const parsed = JSON.parse(text) as Partial<BatchFiles>;
  return { nacha: parsed.nacha ?? null, pain001: parsed.pain001 ?? null, checks: parsed.checks ?? null };
}
