import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { MoneyWriteResult } from '../../ledger/money-write.js';
import { refuseCancelledCfdi } from '../cfdi/cfdi-payable.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './conversions.repository.js';
import type { ConversionReadsService } from './conversion-reads.service.js';
import {
  requireConversion,
  requireLiveInvoice,
  writeConversion,
  type ConversionRow,
  type InvoiceAmountLine,
} from './conversion-records.js';
import type { TransactionAnswer } from './conversion.view.js';

/**
 * Invoices assigned to conversions: MXN of an invoice attached to a conversion (to be paid
 * from its pesos) or taken off it. The invoices module keeps each invoice's assigned total
 * and status; this keeps the conversion's side and the pair's assignment.
 */
export class InvoiceAssignmentService {
  constructor(
    private readonly db: Db,
    private readonly invoices: InvoicesService,
    private readonly now: () => Date,
    private readonly reads: ConversionReadsService,
  ) {}

  /**
   * POST transactions/invoice: assigns MXN of invoices to a conversion (adding to an
   * existing assignment of the pair). Each invoice needs that much unassigned, and the
   * conversion may never be assigned beyond its MXN (less what was paid from it without
   * an invoice).
   */
  async attachInvoices(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
    lines: InvoiceAmountLine[],
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.changeAssignedInvoices(
      { enterpriseId, idempotencyKey, operation: 'transactions/invoice', conversionId, lines },
      async (trx, conversion, now) => {
        const ordered = lockOrder(lines);
        let total = 0n;
        for (const line of ordered) {
          const invoice = await requireLiveInvoice(
            this.invoices,
            trx,
            enterpriseId,
            line.invoiceId,
            {
              field: `invoices.${line.index}.sInvoiceId`,
            },
          );
          if (invoice.total_mxn - invoice.assigned_mxn < line.amountMxn) {
            throw new AppError('INVALID_STATE', { field: `invoices.${line.index}.dAmount` });
          }
          await this.invoices.refuseDeletedSupplier(
            trx,
            enterpriseId,
            invoice,
            `invoices.${line.index}.sInvoiceId`,
          );
          await refuseCancelledCfdi(trx, invoice.id, `invoices.${line.index}.sInvoiceId`);
          total += line.amountMxn;
        }
        // Pesos already paid out without an invoice are spent: they cannot cover one too.
        const paidOnInvoices = (await repo.findAssignments(trx, conversion.id)).reduce(
          (sum, assignment) => sum + assignment.paid_mxn,
          0n,
        );
        const paidWithoutInvoice = conversion.paid_mxn - paidOnInvoices;
        if (conversion.assigned_mxn + paidWithoutInvoice + total > conversion.mxn_cents) {
          throw new AppError('INVALID_STATE', { field: 'invoices' });
        }
        for (const line of ordered) {
          await repo.addAssignment(trx, {
            conversionId: conversion.id,
            invoiceId: line.invoiceId,
            enterpriseId,
            amountMxn: line.amountMxn,
            createdAt: now,
          });
          await this.invoices.changeAssigned(trx, line.invoiceId, line.amountMxn);
        }
        return await repo.changeConversionAssigned(trx, conversion.id, total);
      },
    );
  }

  /**
   * POST transactions/deleteInvoice: takes MXN of invoices off a conversion (the whole
   * assignment when the amount covers it), never the part already paid.
   */
  async detachInvoices(
    enterpriseId: string,
    idempotencyKey: string | undefined,
    conversionId: string,
    lines: InvoiceAmountLine[],
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    return this.changeAssignedInvoices(
      {
        enterpriseId,
        idempotencyKey,
        operation: 'transactions/deleteInvoice',
        conversionId,
        lines,
      },
      async (trx, conversion) => {
        const removals: Array<{ invoiceId: string; amountMxn: bigint; whole: boolean }> = [];
        for (const line of lockOrder(lines)) {
          const field = `invoices.${line.index}.sInvoiceId`;
          await requireLiveInvoice(this.invoices, trx, enterpriseId, line.invoiceId, { field });
          const assignment = await repo.findAssignment(trx, conversion.id, line.invoiceId);
          if (!assignment) throw new AppError('NOT_FOUND', { field });
          const whole = line.amountMxn >= assignment.amount_mxn;
          const amountMxn = whole ? assignment.amount_mxn : line.amountMxn;
          if (amountMxn > assignment.amount_mxn - assignment.paid_mxn) {
            throw new AppError('INVALID_STATE', { field: `invoices.${line.index}.dAmount` });
          }
          removals.push({ invoiceId: line.invoiceId, amountMxn, whole });
        }
        let total = 0n;
        for (const removal of removals) {
          if (removal.whole) {
            await repo.deleteAssignment(trx, conversion.id, removal.invoiceId);
          } else {
            await repo.reduceAssignment(trx, conversion.id, removal.invoiceId, removal.amountMxn);
          }
          await this.invoices.changeAssigned(trx, removal.invoiceId, -removal.amountMxn);
          total += removal.amountMxn;
        }
        return await repo.changeConversionAssigned(trx, conversion.id, -total);
      },
    );
  }

  /**
   * Attaching or detaching invoice lines: a money write on the enterprise's conversion,
   * locked, whose answer is the conversion the change leaves.
   */
  private changeAssignedInvoices(
    write: {
      enterpriseId: string;
      idempotencyKey: string | undefined;
      operation: 'transactions/invoice' | 'transactions/deleteInvoice';
      conversionId: string;
      lines: InvoiceAmountLine[];
    },
    change: (trx: Trx, conversion: ConversionRow, now: Date) => Promise<ConversionRow>,
  ): Promise<MoneyWriteResult<TransactionAnswer>> {
    const { enterpriseId, idempotencyKey, operation, conversionId, lines } = write;
    return writeConversion(
      this.db,
      this.now(),
      this.reads,
      { enterpriseId, idempotencyKey, operation, body: { conversionId, lines } },
      200,
      async (trx, now) => {
        const conversion = await requireConversion(trx, enterpriseId, conversionId, {
          forUpdate: true,
        });
        return change(trx, conversion, now);
      },
    );
  }
}

/**
 * The lines of a request in the order their invoices are locked (by id, the order every
 * writer uses), each keeping its position in the request for error fields. Ids are
 * lower-cased so the order is the database's; a repeated invoice is refused.
 */
function lockOrder(lines: InvoiceAmountLine[]): Array<InvoiceAmountLine & { index: number }> {
  const seen = new Set<string>();
  const normalized = lines.map((line, index) => {
    if (!isUuid(line.invoiceId)) {
      throw new AppError('NOT_FOUND', { field: `invoices.${index}.sInvoiceId` });
    }
    const invoiceId = line.invoiceId.toLowerCase();
    if (seen.has(invoiceId)) {
      throw new AppError('INVALID_INPUT', { field: `invoices.${index}.sInvoiceId` });
    }
    seen.add(invoiceId);
    return { ...line, invoiceId, index };
  });
  return normalized.sort((a, b) =>
    a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : 0,
  );
}
