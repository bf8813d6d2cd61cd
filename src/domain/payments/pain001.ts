import type { IsoDate } from '../dates';
import { isValidBic, isValidIban } from './bank-details';
import { currencyDecimals } from './iso-codes';
import { toLatinAscii } from './transliterate';
import { el, present, type XmlNode, xmlDocument } from './xml';

/**
 * The wires of a payment batch as an ISO 20022 customer credit transfer initiation, pain.001.001.09
 * (decision 31, docs/decisions.md; docs/payments.md): one payment information block per currency,
 * each with its own count and control sum, the debtor being the organisation's wire account.
 */
export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** The organisation's wire settings (decision 38 names). */
export interface Pain001Settings {
  /** The initiating party: the organisation. */
  company_name: string;
  debtor_name: string;
  /** One of the two: the debtor account's IBAN, or its account number (US accounts have no IBAN). */
  debtor_iban: string | null;
  debtor_account_number: string | null;
  debtor_bic: string;
}

export interface Pain001Transfer {
  /** Unique in the file and kept by the banks end to end (≤ 35 characters), e.g. "B12-L340". */
  end_to_end_id: string;
  beneficiary_name: string;
  /** The beneficiary bank's country (ISO 3166 alpha-2), written as the creditor's country. */
  bank_country: string;
  iban: string | null;
  account_number: string | null;
  bic: string;
  bank_name: string | null;
  currency: string;
  /** In the currency's minor units (cents for USD and EUR, yen for JPY, fils for BHD). */
  amount_minor: number;
  /** What the beneficiary's statement shows (≤ 140 characters). */
  remittance: string;
}

export interface Pain001Input {
  /** Unique per file sent (≤ 31 characters, a currency suffix makes each block's id). */
  message_id: string;
  /** When the file is made, ISO 8601 with a zone: "2026-11-27T12:00:00Z". */
  created_at: string;
  requested_execution_date: IsoDate;
  settings: Pain001Settings;
  transfers: readonly Pain001Transfer[];
  /** Who pays the banks' charges: SHAR (each their own bank's, the default), DEBT or CRED. */
  charge_bearer?: 'SHAR' | 'DEBT' | 'CRED';
  /**
   * Names in the SWIFT character set (Latin letters, digits, / - ? : ( ) . , ' + space), the default:
   * most banks pass wires on through networks that refuse other letters. `unicode` keeps names as
   * typed (the schema allows any character) for banks that take them.
   */
  charset?: 'swift' | 'unicode';
}

/** "123456" minor units of a 2-decimal currency → "1234.56"; of JPY → "123456". */
export function majorUnits(amountMinor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const digits = String(amountMinor).padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Control sums mix currencies of different decimals: added in ten-thousandths, exactly. */
function controlSum(transfers: readonly Pain001Transfer[]): string {
  const scale = Math.max(...transfers.map((transfer) => currencyDecimals(transfer.currency)));
  const total = transfers.reduce(
    (sum, transfer) => sum + BigInt(transfer.amount_minor) * 10n ** BigInt(scale - currencyDecimals(transfer.currency)),
    0n,
  );
  const digits = total.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const SWIFT_TEXT = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** Text for a MaxNText field: one line, the charset chosen, at most `max` characters, never empty. */
function textOf(text: string, max: number, charset: 'swift' | 'unicode', fallback: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const chosen = charset === 'swift' ? toLatinAscii(oneLine).replace(SWIFT_TEXT, ' ') : oneLine;
  const clean = chosen.replace(/ {2,}/g, ' ').trim();
  // Cut by code points, not UTF-16 units: the schema counts characters, and half an emoji is no text.
  const cut = Array.from(clean).slice(0, max).join('').trim();
  return /[\p{L}\p{N}]/u.test(cut) ? cut : fallback;
}

export function writePain001(input: Pain001Input): string {
  checkInput(input);
  const currencies = [...new Set(input.transfers.map((transfer) => transfer.currency))].sort();
  const root = el(
    'Document',
    [
      el('CstmrCdtTrfInitn', [
        el('GrpHdr', [
          el('MsgId', input.message_id),
          el('CreDtTm', input.created_at),
          el('NbOfTxs', String(input.transfers.length)),
          el('CtrlSum', controlSum(input.transfers)),
          el('InitgPty', [el('Nm', textOf(input.settings.company_name, 140, input.charset ?? 'swift', 'ORIGINATOR'))]),
        ]),
        ...currencies.map((currency) =>
          paymentInformation(
            input,
            currency,
            input.transfers.filter((transfer) => transfer.currency === currency),
          ),
        ),
      ]),
    ],
    { xmlns: PAIN001_NAMESPACE },
  );
  return xmlDocument(root);
}

function paymentInformation(input: Pain001Input, currency: string, transfers: Pain001Transfer[]): XmlNode {
  const { settings } = input;
  const charset = input.charset ?? 'swift';
  return el('PmtInf', [
    el('PmtInfId', `${input.message_id}-${currency}`),
    el('PmtMtd', 'TRF'),
    el('NbOfTxs', String(transfers.length)),
    el('CtrlSum', controlSum(transfers)),
    el('ReqdExctnDt', [el('Dt', input.requested_execution_date)]),
    el('Dbtr', [el('Nm', textOf(settings.debtor_name, 140, charset, 'ORIGINATOR'))]),
    el('DbtrAcct', [accountId(settings.debtor_iban, settings.debtor_account_number)]),
    el('DbtrAgt', [el('FinInstnId', [el('BICFI', settings.debtor_bic)])]),
    el('ChrgBr', input.charge_bearer ?? 'SHAR'),
    ...transfers.map((transfer) => creditTransfer(transfer, charset)),
  ]);
}

function accountId(iban: string | null, accountNumber: string | null): XmlNode {
  return el('Id', iban ? [el('IBAN', iban)] : [el('Othr', [el('Id', accountNumber ?? '')])]);
}

function creditTransfer(transfer: Pain001Transfer, charset: 'swift' | 'unicode'): XmlNode {
  const bankName = transfer.bank_name ? textOf(transfer.bank_name, 140, charset, '') : '';
  return el('CdtTrfTxInf', [
    el('PmtId', [el('EndToEndId', transfer.end_to_end_id)]),
    el('Amt', [el('InstdAmt', majorUnits(transfer.amount_minor, transfer.currency), { Ccy: transfer.currency })]),
    el('CdtrAgt', [el('FinInstnId', present(el('BICFI', transfer.bic), bankName && el('Nm', bankName)))]),
    el('Cdtr', [
      el('Nm', textOf(transfer.beneficiary_name, 140, charset, `PAYEE ${transfer.end_to_end_id}`)),
      el('PstlAdr', [el('Ctry', transfer.bank_country)]),
    ]),
    el('CdtrAcct', [accountId(transfer.iban, transfer.account_number)]),
    el('RmtInf', [el('Ustrd', textOf(transfer.remittance, 140, charset, 'PAYMENT'))]),
  ]);
}

/** Caller bugs, not user input: the routes check settings and bank details with 422s first. */
function checkInput(input: Pain001Input): void {
  const { settings } = input;
  const fail = (message: string) => {
    throw new RangeError(message);
  };
  if (!/^[A-Za-z0-9\-/.]{1,31}$/.test(input.message_id)) fail('message id: 1 to 31 letters, digits, - / .');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(input.created_at))
    fail('created_at is an ISO date-time with a zone');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.requested_execution_date)) fail('execution date is YYYY-MM-DD');
  if (!isValidBic(settings.debtor_bic)) fail(`debtor BIC ${settings.debtor_bic}`);
  checkAccount(settings.debtor_iban, settings.debtor_account_number, 'debtor', fail);
  if (input.transfers.length === 0) fail('a pain.001 file needs at least one transfer');
  const ids = new Set<string>();
  for (const transfer of input.transfers) {
    if (!/^[A-Za-z0-9\-/.]{1,35}$/.test(transfer.end_to_end_id) || ids.has(transfer.end_to_end_id))
      fail(`end-to-end id ${transfer.end_to_end_id}`);
    ids.add(transfer.end_to_end_id);
    if (!/^[A-Z]{3}$/.test(transfer.currency)) fail(`currency ${transfer.currency}`);
    if (!/^[A-Z]{2}$/.test(transfer.bank_country)) fail(`country ${transfer.bank_country}`);
    if (!isValidBic(transfer.bic)) fail(`BIC ${transfer.bic}`);
    if (!Number.isSafeInteger(transfer.amount_minor) || transfer.amount_minor <= 0)
      fail(`amount ${transfer.amount_minor}`);
    checkAccount(transfer.iban, transfer.account_number, transfer.end_to_end_id, fail);
  }
}

function checkAccount(iban: string | null, account: string | null, who: string, fail: (message: string) => void): void {
  if (iban !== null) {
    if (!isValidIban(iban)) fail(`${who}: IBAN ${iban}`);
  } else if (account === null || !/^[A-Za-z0-9]{1,34}$/.test(account))
    fail(`${who}: an IBAN or an account number of at most 34 characters`);
}
