import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { descendants, parseXml, textOf, type XmlElement } from './xml-tree';

/**
 * Judges a pain.001.001.09 file without the writer's code: the published schema through xmllint
 * (Debian's libxml2-utils; missing, the check throws, so a test fails rather than skips), then the
 * sums the schema cannot check, read with an XML reader of its own (xml-tree.ts) and added up exactly.
 */
export const PAIN001_XSD = path.resolve(import.meta.dirname, '../fixtures/iso20022/pain.001.001.09.xsd');
const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** Decimals of the currencies the tests use, from ISO 4217, kept apart from the writer's table. */
const DECIMALS: Record<string, number> = { JPY: 0, KRW: 0, XOF: 0, BHD: 3, KWD: 3, TND: 3 };

export interface Pain001Transfer {
  block: string;
  endToEndId: string;
  currency: string;
  /** As written, e.g. "1234.56". */
  amount: string;
  creditor: string;
  account: string;
}

export interface Pain001Reading {
  problems: string[];
  transfers: Pain001Transfer[];
}

/** xmllint's verdict, or the reason it could not be run (then the caller's test fails). */
export function validateWithXmllint(xml: string): string[] {
  try {
    execFileSync('xmllint', ['--noout', '--schema', PAIN001_XSD, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return [];
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer };
    if (failure.code === 'ENOENT') throw new Error('xmllint is not installed: apt-get install libxml2-utils');
    return [String(failure.stderr ?? error).trim()];
  }
}

/** "12.5" with 2 decimals in ten-thousandths: 125000n. Refuses more decimals than `max`. */
function scaled(text: string, max: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2]?.length ?? 0) > max) return null;
  return BigInt(match[1] + (match[2] ?? '').padEnd(4, '0'));
}

function ibanChecks(iban: string): boolean {
  const moved = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return BigInt(moved) % 97n === 1n;
}

export function checkPain001(xml: string): Pain001Reading {
  const problems = validateWithXmllint(xml);
  const document = parseXml(xml);
  const root = document.children[0];
  if (root?.name !== 'Document' || root.attributes.xmlns !== NS) problems.push('not a pain.001.001.09 Document');
  const transfers: Pain001Transfer[] = [];
  const grand = { count: 0, sum: 0n };
  const currencies = new Set<string>();
  for (const block of descendants(document, 'PmtInf')) {
    const blockId = textOf(block, 'PmtInfId');
    const items = descendants(block, 'CdtTrfTxInf');
    let sum = 0n;
    const blockCurrencies = new Set<string>();
    for (const item of items) {
      const transfer = readTransfer(blockId, item);
      const value = scaled(transfer.amount, DECIMALS[transfer.currency] ?? 2);
      if (value === null)
        problems.push(`${blockId}: amount "${transfer.amount}" ${transfer.currency}: not a number of its decimals`);
      sum += value ?? 0n;
      blockCurrencies.add(transfer.currency);
      if (transfers.some((other) => other.endToEndId === transfer.endToEndId))
        problems.push(`EndToEndId ${transfer.endToEndId} twice`);
      if (/^[A-Z]{2}\d{2}/.test(transfer.account) && !ibanChecks(transfer.account))
        problems.push(`${transfer.endToEndId}: IBAN fails mod 97`);
      transfers.push(transfer);
    }
    if (blockCurrencies.size !== 1) problems.push(`${blockId}: ${blockCurrencies.size} currencies in one block`);
    for (const currency of blockCurrencies) {
      if (currencies.has(currency)) problems.push(`${currency} in two blocks`);
      currencies.add(currency);
    }
    const count = textOf(block, 'NbOfTxs');
    if (count !== String(items.length)) problems.push(`${blockId}: NbOfTxs ${count}, counted ${items.length}`);
    const control = textOf(block, 'CtrlSum');
    if (scaled(control, 4) !== sum) problems.push(`${blockId}: CtrlSum ${control}, added up ${sum} ten-thousandths`);
    grand.count += items.length;
    grand.sum += sum;
  }
  const header = descendants(document, 'GrpHdr')[0];
  if (textOf(header, 'NbOfTxs') !== String(grand.count))
    problems.push(`GrpHdr NbOfTxs ${textOf(header, 'NbOfTxs')}, counted ${grand.count}`);
  if (scaled(textOf(header, 'CtrlSum'), 4) !== grand.sum)
    problems.push(`GrpHdr CtrlSum ${textOf(header, 'CtrlSum')}, added up ${grand.sum} ten-thousandths`);
  return { problems, transfers };
}

function readTransfer(block: string, item: XmlElement): Pain001Transfer {
  const amount = descendants(item, 'InstdAmt')[0];
  const account = descendants(item, 'CdtrAcct')[0];
  return {
    block,
    endToEndId: textOf(item, 'EndToEndId'),
    currency: amount?.attributes.Ccy ?? '',
    amount: amount?.text ?? '',
    creditor: textOf(descendants(item, 'Cdtr')[0], 'Nm'),
    account: textOf(account, 'IBAN') || textOf(descendants(account ?? item, 'Othr')[0], 'Id'),
  };
}
