import type { CalendarDate } from '@app/domain';
import type { ReportsDb } from '../../db/reports-db.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { MoneyWriteResult } from '../../ledger/money-write.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import { ConversionReadsService } from './conversion-reads.service.js';
import {
  requireConversion,
  type AssignmentRow,
  type ConversionRow,
  type InvoiceAmountLine,
  type ListPage,
} from './conversion-records.js';
import type { ApiTransaction, TransactionAnswer } from './conversion.view.js';
import * as repo from './conversions.repository.js';
import { ForexService } from './forex.service.js';
import { InvoiceAssignmentService } from './invoice-assignment.service.js';

/**
 * Conversions, one service per operation: forex (spot USD→MXN settled at once, forwards
 * that hold a 5 % deposit and settle on their date), invoices assigned to conversions,
 * and the read model. This class builds them over one set of dependencies and is what
 * routes and other modules hold.
 */
export class ConversionsService {
  readonly reads: ConversionReadsService;
  readonly forex: ForexService;
  readonly assignment: InvoiceAssignmentService;

  constructor(
    db: Db,
    ledger: LedgerService,
    rates: RatesService,
    invoices: InvoicesService,
    now: () => Date,
    reports?: ReportsDb,
  ) {
    this.reads = new ConversionReadsService(db, ledger, rates, invoices, now, reports);
    this.forex = new ForexService(db, ledger, rates, invoices, now, this.reads);
    this.assignment = new InvoiceAssignmentService(db, invoices, now, this.reads);
  }

  /** The enterprise's conversion (404 otherwise); `forUpdate` locks its row. */
  requireConversion(
    db: Executor,
    enterpriseId: string,
    conversionId: string,
    options: { field?: string; forUpdate?: boolean } = {},
  ): Promise<ConversionRow> {
    return requireConversion(db, enterpriseId, conversionId, options);
  }

  /** The invoices assigned to a conversion, oldest assignment first. */
  assignments(db: Executor, conversionId: string): Promise<AssignmentRow[]> {
    return repo.findAssignments(db, conversionId);
  }

  // Forex
  recordPaid(trx: Trx, conversionId: string, deltaMxn: bigint, invoiceId?: string): Promise<void> {
    return this.forex.recordPaid(trx, conversionId, deltaMxn, invoiceId);
  }

  forwardRate(
    enterpriseId: string,
    spotQuoteId: string,
    forwardDate: CalendarDate,
  ): Promise<{ rate: number; uuid: string; expiresAt: string }> {
    return this.forex.forwardRate(enterpriseId, spotQuoteId, forwardDate);
  }

  convertUsd(
    ...args: Parameters<ForexService['convertUsd']>
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.forex.convertUsd(...args);
  }

  convertUsdInTransaction(
    ...args: Parameters<ForexService['convertUsdInTransaction']>
  ): Promise<ConversionRow> {
    return this.forex.convertUsdInTransaction(...args);
  }

  convertInvoice(
    ...args: Parameters<ForexService['convertInvoice']>
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.forex.convertInvoice(...args);
  }

  convertInvoiceInTransaction(
    ...args: Parameters<ForexService['convertInvoiceInTransaction']>
  ): Promise<ConversionRow> {
    return this.forex.convertInvoiceInTransaction(...args);
  }

  closeForward(
    ...args: Parameters<ForexService['closeForward']>
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.forex.closeForward(...args);
  }

  closeForwardInTransaction(
    ...args: Parameters<ForexService['closeForwardInTransaction']>
  ): Promise<ConversionRow> {
    return this.forex.closeForwardInTransaction(...args);
  }

  // Invoice assignment
  attachInvoices(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
    lines: InvoiceAmountLine[],
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.assignment.attachInvoices(enterpriseId, idempotencyKey, conversionId, lines);
  }

  detachInvoices(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
    lines: InvoiceAmountLine[],
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.assignment.detachInvoices(enterpriseId, idempotencyKey, conversionId, lines);
  }

  // Reads
  listAvailable(enterpriseId: string, page: ListPage) {
    return this.reads.listAvailable(enterpriseId, page);
  }

  history(enterpriseId: string, page: ListPage) {
    return this.reads.history(enterpriseId, page);
  }

  activeForwards(enterpriseId: string, page: ListPage) {
    return this.reads.activeForwards(enterpriseId, page);
  }

  findOne(
    enterpriseId: string,
    conversionId: string,
    withPayments: boolean,
  ): Promise<{ transactions: ApiTransaction[] }> {
    return this.reads.findOne(enterpriseId, conversionId, withPayments);
  }
}
