import * as SEPA from 'sepa';
import { isValidBic, normalizeIban } from './iban';
import { sepaId, sepaName, sepaText } from './sepa-text';

/** Transfers per file (part 1 section 9). */
export const TRANSFERS_PER_FILE = 350;

/** One refund that goes into a bank file. */
export interface BankRefund {
  refundId: string;
  userId: string;
  email: string;
  holder: string | null;
  iban: string;
  bic: string | null;
  cents: number;
}

/** One credit transfer: the refunds of everybody with the same email, summed. */
export interface Transfer {
  email: string;
  name: string;
  iban: string;
  bic: string | null;
  cents: number;
  refundIds: string[];
  endToEndId: string;
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string | null;
}

export interface SepaFile {
  name: string;
  messageId: string;
  xml: string;
  transfers: Transfer[];
  totalCents: number;
}

/** Cents as euros with two decimals, from the integer (no floating point in between). */
export function euroText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** yyyyMMddHHmmssSSS in UTC. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:TZ.]/g, '').slice(0, 17);
}

/**
 * Refunds summed per email (the same person gets one transfer), largest amount first. The account and
 * holder are those of the person's largest refund; a missing holder becomes 'Unknown'.
 */
export function groupTransfers(refunds: readonly BankRefund[]): Omit<Transfer, 'endToEndId'>[] {
  const groups = new Map<string, BankRefund[]>();
  for (const refund of refunds) {
    const key = refund.email.trim().toLowerCase() || `user:${refund.userId}`;
    groups.set(key, [...(groups.get(key) ?? []), refund]);
  }
  return [...groups]
    .map(([email, members]) => {
      const main = [...members].sort((a, b) => b.cents - a.cents || a.refundId.localeCompare(b.refundId))[0];
      const holder = members.map((member) => member.holder).find((name) => name && name.trim()) ?? main.holder;
      return {
        email,
        name: sepaName(main.holder ?? holder),
        iban: normalizeIban(main.iban),
        bic: main.bic,
        cents: members.reduce((sum, member) => sum + member.cents, 0),
        refundIds: members.map((member) => member.refundId).sort(),
      };
    })
    .sort((a, b) => b.cents - a.cents || a.email.localeCompare(b.email));
}

/** A creditor BIC only when it is well-formed and of the account's country (else the IBAN alone). */
function bicFor(iban: string, bic: string | null): string {
  if (!bic || !isValidBic(bic)) return '';
  const upper = bic.trim().toUpperCase();
  return upper.slice(4, 6) === iban.slice(0, 2) ? upper : '';
}

export interface SepaOptions {
  createdAt: Date;
  prefix: string;
  remittance: string;
  executionDate: Date;
}

/** The files before their XML: name, message id and the transfers with their end-to-end ids. */
export type PlannedFile = Omit<SepaFile, 'xml'>;

/**
 * Splits transfers into files of at most 350 and gives every transfer its end-to-end id: prefix and file
 * number, the creation time (UTC, to the millisecond) and a 4-digit counter within the file.
 */
export function planSepaFiles(transfers: readonly Omit<Transfer, 'endToEndId'>[], options: Pick<SepaOptions, 'createdAt' | 'prefix'>): PlannedFile[] {
  const created = stamp(options.createdAt);
  const fileCount = Math.ceil(transfers.length / TRANSFERS_PER_FILE);
  return Array.from({ length: fileCount }, (_, index) => {
    const number = index + 1;
    const chunk = transfers.slice(index * TRANSFERS_PER_FILE, (index + 1) * TRANSFERS_PER_FILE);
    const withIds = chunk.map((transfer, at) => ({ ...transfer, endToEndId: sepaId(`${options.prefix}${number}-${created}-${String(at + 1).padStart(4, '0')}`) }));
    return {
      name: `refunds-${created.slice(0, 14)}-${number}-of-${fileCount}.xml`,
      messageId: sepaId(`${options.prefix}${created}-${number}`, 28),
      transfers: withIds,
      totalCents: withIds.reduce((sum, transfer) => sum + transfer.cents, 0),
    };
  });
}

/** One planned file as pain.001.001.03 XML, built with the `sepa` package; its control sum is checked against the integer cents. */
export function renderSepaFile(file: PlannedFile, debtor: Debtor, options: SepaOptions): SepaFile {
  const doc = new SEPA.Document('pain.001.001.03');
  doc.grpHdr.id = file.messageId;
  doc.grpHdr.created = options.createdAt;
  doc.grpHdr.initiatorName = sepaName(debtor.name);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = options.executionDate;
  info.debtorName = sepaName(debtor.name);
  info.debtorIBAN = normalizeIban(debtor.iban);
  info.debtorBIC = bicFor(normalizeIban(debtor.iban), debtor.bic);
  doc.addPaymentInfo(info);
  const remittance = sepaText(options.remittance, 140);
  for (const transfer of file.transfers) {
    const tx = info.createTransaction();
    tx.creditorName = transfer.name;
    tx.creditorIBAN = transfer.iban;
    tx.creditorBIC = bicFor(transfer.iban, transfer.bic);
    tx.amount = transfer.cents / 100;
    tx.remittanceInfo = remittance;
    tx.end2endId = transfer.endToEndId;
    info.addTransaction(tx);
  }
  const xml = doc.toString();
  const controlSum = /<GrpHdr>.*?<CtrlSum>([^<]+)<\/CtrlSum>/s.exec(xml)?.[1];
  if (controlSum !== euroText(file.totalCents)) throw new Error(`bank file ${file.name}: control sum ${controlSum} is not ${euroText(file.totalCents)}`);
  return { ...file, xml };
}

/** pain.001.001.03 credit transfer files of at most 350 transfers each (plan, then XML). */
export function buildSepaFiles(transfers: readonly Omit<Transfer, 'endToEndId'>[], debtor: Debtor, options: SepaOptions): SepaFile[] {
  return planSepaFiles(transfers, options).map((file) => renderSepaFile(file, debtor, options));
}
