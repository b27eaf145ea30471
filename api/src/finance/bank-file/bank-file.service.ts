import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type BankFileInfo, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { newId } from '../../common/object-id';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import type { Doc, StoredRecord } from '../../records/record-repository';
import { FINANCE_CONFIG, type FinanceConfig } from '../finance-config';
import { FinanceLedger } from '../finance-ledger';
import { centsAt, momentNow, refundProblem, refused, requireRight, withState } from '../finance-rules';
import { RefundListService, parseRefundFilter } from '../refund/refund-list.service';
import { bankAccountProblem, bankDetails } from '../refund/refund.service';
import { isValidIban } from './iban';
import { type BankRefund, type Debtor, type SepaFile, groupTransfers, planSepaFiles, renderSepaFile } from './sepa-document';
import { zipFiles } from './zip-files';
import { checkConfirmedCount, requireNamedPayments } from '../refund/money-run-selection';

export interface CreateBankFileInput {
  /** payments with leftover credit to refund by bank in this file */
  paymentIds?: unknown;
  /** or: the refund screen's filter, all payments matching it */
  filter?: unknown;
  /** the number of payments the person was shown and confirmed (checkConfirmedCount) */
  confirmedCount?: unknown;
  /** also pay the refunds by bank account made one by one since the last file (default true) */
  includeQueued?: unknown;
  /** requested execution date, YYYY-MM-DD (default today) */
  executionDate?: unknown;
}

interface FileRow {
  id: string;
  file_name: string;
  content_type: string;
  created_at: Date | string;
  created_by: string;
  file_count: number;
  transfer_count: number;
  refund_count: number;
  total_cents: number;
  summary: { files: BankFileInfo['files'] };
}

const ZIP = 'application/zip';
const XML = 'application/xml';

function info(row: FileRow): BankFileInfo {
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    fileCount: row.file_count,
    transferCount: row.transfer_count,
    refundCount: row.refund_count,
    totalCents: Number(row.total_cents),
    files: row.summary.files,
    downloadUrl: `/api/company/finance/refund-bank-file/${row.id}/download`,
  };
}

function executionDateOf(value: unknown): Date {
  if (value === undefined || value === null || value === '') return new Date();
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new BadRequestException({ message: 'executionDate must be a date YYYY-MM-DD', errors: [{ field: 'executionDate', message: 'must be a date YYYY-MM-DD' }] });
  }
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year, month - 1, day, 12);
}

/** One SEPA file as its XML; several zipped together. */
async function packFiles(files: readonly SepaFile[]): Promise<{ content: Buffer; fileName: string; contentType: string }> {
  if (files.length === 1) return { content: Buffer.from(files[0].xml, 'utf8'), fileName: files[0].name, contentType: XML };
  const zipped = await zipFiles(files.map((file) => ({ name: file.name, content: Buffer.from(file.xml, 'utf8') })));
  return { content: zipped, fileName: `refunds-${files[0].name.slice(8, 22)}.zip`, contentType: ZIP };
}

/**
 * Refund bank files (SEPA credit transfers, pain.001.001.03). Making one, in one database transaction:
 * the chosen payments' leftover credit becomes bank refunds, together with the refunds by bank account
 * queued since the last file; they are summed per email, sorted largest first, split in files of 350,
 * marked paid by this file, and the file is stored to be downloaded again. One file per company at a
 * time (an advisory lock), and everything it pays is locked, so nobody is paid twice.
 */
@Injectable()
export class BankFileService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(FINANCE_CONFIG) private readonly config: FinanceConfig,
    private readonly ledger: FinanceLedger,
    private readonly refundList: RefundListService,
  ) {}

  async create(actor: Actor, input: CreateBankFileInput): Promise<BankFileInfo & { skipped: { paymentId: string; reason: string }[] }> {
    requireRight(actor, 'company');
    const body = input ?? {};
    const executionDate = executionDateOf(body.executionDate);
    const includeQueued = body.includeQueued !== false;
    requireNamedPayments(body);
    let ids: string[] = [];
    if (body.paymentIds !== undefined) {
      if (!Array.isArray(body.paymentIds) || body.paymentIds.some((id) => typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))) {
        throw new BadRequestException({ message: 'paymentIds must be a list of payment ids', errors: [{ field: 'paymentIds', message: 'must be a list of payment ids' }] });
      }
      ids = [...new Set(body.paymentIds as string[])];
    } else if (body.filter !== undefined) {
      ids = await this.refundList.paymentIds(actor, parseRefundFilter(actor, body.filter));
    }
    checkConfirmedCount(ids.length, body.confirmedCount);
    return this.db.transaction((tx) => this.write(tx, actor, ids, includeQueued, executionDate));
  }

  private async write(tx: Queryable, actor: Actor, ids: string[], includeQueued: boolean, executionDate: Date) {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`finance-bank-file:${actor.companyId}`]);
    const debtor = await this.debtor(tx, actor.companyId);
    const createdAt = new Date();
    const at = momentNow(createdAt.getTime());
    const skipped: { paymentId: string; reason: string }[] = [];

    // the payments to refund now, locked, with their users
    // the parts of each payment the refund needs: its type, state and credit, its user, its refunds, meta
    const payments = await this.ledger.lockMany(tx, this.ledger.payment, actor.companyId, ids, ['paymentType', 'state', 'amount', 'amountLeft', 'userRef', 'refundRef', 'meta']);
    const found = new Set(payments.map((payment) => payment.id));
    for (const id of ids) if (!found.has(id)) skipped.push({ paymentId: id, reason: 'not-found' });
    const userIds = [...new Set(payments.map((payment) => String(getPath(payment.doc, 'userRef.userId') ?? '')))];
    const users = new Map(
      // only what the bank transfer needs of each user: the email and the payment details
      (await tx.query<StoredRecord>(
        `SELECT id, jsonb_build_object('email', doc -> 'email', 'pay', doc -> 'pay') AS doc FROM "user" WHERE company_id = $1 AND id = ANY($2::text[])`,
        [actor.companyId, userIds],
      )).map((user) => [user.id, user.doc]),
    );
    const fresh: { original: StoredRecord; refundId: string; cents: number; bank: Doc; userId: string }[] = [];
    for (const payment of payments) {
      const userId = String(getPath(payment.doc, 'userRef.userId') ?? '');
      const problem = refundProblem(payment.doc, 'iban') ?? bankAccountProblem(users.get(userId));
      if (problem) {
        skipped.push({ paymentId: payment.id, reason: problem });
        continue;
      }
      fresh.push({ original: payment, refundId: newId(createdAt), cents: centsAt(payment.doc, 'amountLeft.cents'), bank: bankDetails(users.get(userId)!, at.unix), userId });
    }

    // refunds by bank account made one by one and not yet in a file
    const queued = !includeQueued ? [] : await tx.query<StoredRecord>(
      `SELECT id, doc FROM "payment" WHERE company_id = $1 AND payment_type = 'refund' AND state_id = 'pending'
         AND doc #> '{meta,bank}' IS NOT NULL AND doc #>> '{meta,bank,bankFileId}' IS NULL ORDER BY id FOR UPDATE`,
      [actor.companyId],
    );

    const refunds: BankRefund[] = [
      ...fresh.map((entry) => ({ refundId: entry.refundId, userId: entry.userId, email: String(entry.bank.email), holder: (entry.bank.holder as string) ?? null, iban: String(entry.bank.iban), bic: (entry.bank.bic as string) ?? null, cents: entry.cents })),
      ...queued
        .filter((refund) => isValidIban(getPath(refund.doc, 'meta.bank.iban')))
        .map((refund) => ({
          refundId: refund.id,
          userId: String(getPath(refund.doc, 'userRef.userId') ?? ''),
          email: String(getPath(refund.doc, 'meta.bank.email') ?? ''),
          holder: (getPath(refund.doc, 'meta.bank.holder') as string) ?? null,
          iban: String(getPath(refund.doc, 'meta.bank.iban')),
          bic: (getPath(refund.doc, 'meta.bank.bic') as string) ?? null,
          cents: -centsAt(refund.doc, 'amount.cents'),
        })),
    ].filter((refund) => refund.cents > 0);
    if (refunds.length === 0) throw refused('There is nothing to refund by bank', 'nothing-to-refund', { skipped });

    // The database writes run while the files are planned and rendered. The originals go first (nothing
    // left, the refund listed): they need only the refund ids, so the database starts straight away.
    const writing = [this.ledger.markRefunded(tx, actor, fresh)];
    // awaited once the files are rendered; until then a failure must not count as unhandled
    writing[0].catch(() => undefined);

    const fileId = newId(createdAt);
    const options = { createdAt, prefix: this.config.endToEndPrefix, remittance: this.config.remittance, executionDate };
    const planned = planSepaFiles(groupTransfers(refunds), options);
    const paidBy = new Map<string, { endToEndId: string; file: string }>();
    for (const file of planned) for (const transfer of file.transfers) for (const refundId of transfer.refundIds) paidBy.set(refundId, { endToEndId: transfer.endToEndId, file: file.name });
    const inFile = (refundId: string) => ({ bankFileId: fileId, endToEndId: paidBy.get(refundId)!.endToEndId, fileName: paidBy.get(refundId)!.file, paidAt: at.unix });

    // then the new refund payments paid by this file, and the queued refunds paid
    writing.push(
      this.ledger.createMany(tx, actor, this.ledger.payment, fresh.map((entry) => ({
        id: entry.refundId,
        doc: this.ledger.refundDoc(entry.original, actor, { type: 'refund', state: 'completed', cents: entry.cents, bank: { ...entry.bank, ...inFile(entry.refundId) } }),
      }))),
      this.ledger.saveMany(tx, actor, this.ledger.payment, queued
        .filter((refund) => paidBy.has(refund.id))
        .map((refund) => ({ before: refund, after: { ...withState(refund.doc, 'completed', actor, createdAt.getTime()), meta: { ...(refund.doc.meta as Doc), bank: { ...(getPath(refund.doc, 'meta.bank') as Doc), ...inFile(refund.id) } } } }))),
    );
    const writes = Promise.all(writing).then(() => null, (error: unknown) => ({ error }));
    let stored: Promise<FileRow[]>;
    try {
      const files: SepaFile[] = [];
      for (const file of planned) {
        files.push(renderSepaFile(file, debtor, options));
        // let the database writes go on between files
        await new Promise((resolve) => setImmediate(resolve));
      }
      // zipped while the writes finish, and its row issued behind them (a transaction runs its statements in order)
      const packed = await packFiles(files);
      const summary = { files: files.map((file) => ({ name: file.name, messageId: file.messageId, transfers: file.transfers.length, totalCents: file.totalCents })) };
      stored = tx.query<FileRow>(
        `INSERT INTO finance_bank_file (id, company_id, created_at, created_by, file_name, content_type, content, file_count, transfer_count, refund_count, total_cents, summary)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)
         RETURNING id, file_name, content_type, created_at, created_by, file_count, transfer_count, refund_count, total_cents, summary`,
        [fileId, actor.companyId, createdAt.toISOString(), actor.userId, packed.fileName, packed.contentType, packed.content, files.length,
          files.reduce((sum, file) => sum + file.transfers.length, 0), paidBy.size, files.reduce((sum, file) => sum + file.totalCents, 0), JSON.stringify(summary)],
      );
      // awaited below once the writes are done; a failure of theirs is the one reported
      stored.catch(() => undefined);
    } finally {
      // never leave writes running on the transaction: wait for them whatever happens
      const failed = await writes;
      if (failed) throw failed.error;
    }
    const [row] = await stored;
    return { ...info(row), skipped };
  }

  /** The company's debtor account from its settings; a file cannot be made without a valid one. */
  private async debtor(tx: Queryable, companyId: string): Promise<Debtor> {
    const [company] = await tx.query<StoredRecord>('SELECT id, doc FROM company WHERE id = $1', [companyId]);
    const bank = (getPath(company?.doc, 'settings.bank') as Doc | undefined) ?? {};
    const name = (typeof bank.debtorName === 'string' && bank.debtorName.trim()) || String(getPath(company?.doc, 'name.full') ?? '');
    if (!isValidIban(bank.debtorIban) || !name) {
      throw refused('Set a valid debtor bank account (IBAN) in the company settings first', 'no-debtor-account');
    }
    return { name, iban: bank.debtorIban, bic: typeof bank.debtorBic === 'string' ? bank.debtorBic : null };
  }

  async list(actor: Actor, query: { _start?: unknown; _end?: unknown }): Promise<{ rows: BankFileInfo[]; total: number }> {
    requireRight(actor, 'company');
    const start = Math.max(0, Number(query._start ?? 0) || 0);
    const end = Math.max(start, Number(query._end ?? start + 25) || start + 25);
    const rows = await this.db.query<FileRow>(
      `SELECT id, file_name, content_type, created_at, created_by, file_count, transfer_count, refund_count, total_cents, summary
       FROM finance_bank_file WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${Math.min(end - start, 1000)} OFFSET ${start}`,
      [actor.companyId],
    );
    const [{ total }] = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM finance_bank_file WHERE company_id = $1', [actor.companyId]);
    return { rows: rows.map(info), total };
  }

  async get(actor: Actor, id: string): Promise<BankFileInfo> {
    requireRight(actor, 'company');
    const [row] = await this.db.query<FileRow>(
      `SELECT id, file_name, content_type, created_at, created_by, file_count, transfer_count, refund_count, total_cents, summary FROM finance_bank_file WHERE company_id = $1 AND id = $2`,
      [actor.companyId, id],
    );
    if (!row) throw new NotFoundException({ message: `No bank file with id ${id}` });
    return info(row);
  }

  async download(actor: Actor, id: string): Promise<{ fileName: string; contentType: string; content: Buffer }> {
    requireRight(actor, 'company');
    const [row] = await this.db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
      'SELECT file_name, content_type, content FROM finance_bank_file WHERE company_id = $1 AND id = $2',
      [actor.companyId, id],
    );
    if (!row) throw new NotFoundException({ message: `No bank file with id ${id}` });
    return { fileName: row.file_name, contentType: row.content_type, content: Buffer.from(row.content) };
  }
}
