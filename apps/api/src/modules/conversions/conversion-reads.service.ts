import {
  daysBetween,
  moneyToNumber,
  percentUsed,
  rateToNumber,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
} from '@app/domain';
import { ReportsDb } from '../../db/reports-db.js';
import type { Db, Executor } from '../../db/database.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { ApiInvoice, InvoicesService } from '../invoices/invoices.service.js';
import type { RatesService } from '../rates/rates.service.js';
import { conversionGain } from './conversion-amounts.js';
import * as repo from './conversions.repository.js';
import {
  pageOf,
  requireConversion,
  type ConversionRow,
  type ListPage,
} from './conversion-records.js';
import type {
  ApiConversionPayment,
  ApiTransaction,
  ApiTransactionInvoice,
} from './conversion.view.js';

/**
 * The read model of conversions: the lists (available MXN, history, active forwards) and
 * one conversion with its invoices, payments and the gain on them.
 */
export class ConversionReadsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly rates: RatesService,
    private readonly invoices: InvoicesService,
    private readonly now: () => Date,
    /** Where the read-only history is read (a caught-up replica, else the primary). */
    private readonly reports: ReportsDb = new ReportsDb(db),
  ) {}

  /** GET transactions/: settled conversions with MXN not yet paid out, and the MXN balance. */
  async listAvailable(enterpriseId: string, page: ListPage) {
    const rows = await repo.listConversions(this.db, enterpriseId, 'SETTLED_UNPAID', pageOf(page));
    const { transactions, totalGainUsd } = await this.describe(this.db, enterpriseId, rows, false);
    const balances = await this.ledger.balances(this.db, enterpriseId);
    return {
      transactions,
      totalProfit: moneyToNumber(totalGainUsd),
      balance: { balanceMxn: { balance: moneyToNumber(balances.MXN_AVAILABLE) } },
    };
  }

  /** GET transactions/history: every conversion, newest first. */
  async history(enterpriseId: string, page: ListPage) {
    return this.reports.read(async (db) => {
      const rows = await repo.listConversions(db, enterpriseId, 'ALL', pageOf(page));
      const { transactions, totalGainUsd } = await this.describe(db, enterpriseId, rows, false);
      return { transactions, totalProfit: moneyToNumber(totalGainUsd) };
    });
  }

  /** GET transactions/getForwardsActive: open forwards, soonest first, and the held deposits. */
  async activeForwards(enterpriseId: string, page: ListPage) {
    const rows = await repo.listConversions(this.db, enterpriseId, 'ACTIVE_FORWARDS', pageOf(page));
    const { transactions, totalGainUsd } = await this.describe(this.db, enterpriseId, rows, false);
    const balances = await this.ledger.balances(this.db, enterpriseId);
    return {
      forwards: transactions,
      totalProfit: moneyToNumber(totalGainUsd),
      balance: { balanceUsd: { balance: moneyToNumber(balances.USD_AVAILABLE) } },
      dBlockedUsd: moneyToNumber(balances.USD_FORWARD_DEPOSIT),
    };
  }

  /** POST transactions/id and transactions/detail (with the payments made from it). */
  async findOne(
    enterpriseId: string,
    conversionId: string,
    withPayments: boolean,
  ): Promise<{ transactions: ApiTransaction[] }> {
    const row = await requireConversion(this.db, enterpriseId, conversionId);
    return { transactions: [await this.describeOne(this.db, enterpriseId, row, withPayments)] };
  }

  async describeOne(
    db: Executor,
    enterpriseId: string,
    row: ConversionRow,
    withPayments: boolean,
  ): Promise<ApiTransaction> {
    const { transactions } = await this.describe(db, enterpriseId, [row], withPayments);
    const [transaction] = transactions;
    if (!transaction) throw new Error('A described conversion is missing');
    return transaction;
  }

  /**
   * API shapes of conversions: their assignments are loaded in one query and their
   * invoices described in one call, whatever the number of rows.
   */
  private async describe(
    db: Executor,
    enterpriseId: string,
    rows: ConversionRow[],
    withPayments: boolean,
  ): Promise<{ transactions: ApiTransaction[]; totalGainUsd: bigint }> {
    const now = this.now();
    const today = todayInTimeZone(now);
    const assignments = await repo.findAssignmentsWithProtection(
      db,
      enterpriseId,
      rows.map((row) => row.id),
    );
    const invoiceIds = [...new Set(assignments.map((assignment) => assignment.invoice_id))];
    const invoices =
      invoiceIds.length === 0
        ? new Map<string, ApiInvoice>()
        : await this.invoices.describeInvoices(
            db,
            enterpriseId,
            invoiceIds,
            this.rates.customerRateAt(now),
          );
    const byConversion = new Map<string, typeof assignments>();
    for (const assignment of assignments) {
      const list = byConversion.get(assignment.conversion_id) ?? [];
      list.push(assignment);
      byConversion.set(assignment.conversion_id, list);
    }

    let totalGainUsd = 0n;
    const transactions: ApiTransaction[] = [];
    for (const row of rows) {
      const own = byConversion.get(row.id) ?? [];
      const gain = conversionGain(
        own.map((assignment) => ({
          amountMxn: assignment.amount_mxn,
          protectedRateMicro: assignment.rate_protection_micro,
        })),
        row.rate_micro,
      );
      totalGainUsd += gain.gainUsd;
      const invoiceEntries: ApiTransactionInvoice[] = [];
      for (const assignment of own) {
        const invoice = invoices.get(assignment.invoice_id);
        if (!invoice) continue;
        invoiceEntries.push({
          dAmount: moneyToNumber(assignment.amount_mxn),
          dPaidAmount: moneyToNumber(assignment.paid_mxn),
          invoice: {
            ...invoice,
            paymentsRecipent: [
              { sName: invoice.sName, sPaymentRecipientId: invoice.sPaymentRecipientId },
            ],
          },
          payment: { dDescAmount: moneyToNumber(assignment.paid_mxn) },
        });
      }
      transactions.push({
        sTransactionId: row.id,
        iTrackingId: Number(row.tracking_id),
        sTransactionType: TRANSACTION_TYPE_IDS[row.type],
        dAmount: moneyToNumber(row.usd_cents),
        dDesAmount: moneyToNumber(row.mxn_cents),
        dExchangeRate: rateToNumber(row.rate_micro),
        referenceExchangeRate: row.quote_id,
        created_at: row.created_at.toISOString(),
        settled_at: row.settled_at ? row.settled_at.toISOString() : null,
        dForwardTransactionDate: row.forward_date,
        dDepositAmount: moneyToNumber(row.deposit_usd),
        sStatus: row.status,
        bExternal: row.external,
        dAssignedAmount: moneyToNumber(row.assigned_mxn),
        dPaidAmount: moneyToNumber(row.paid_mxn),
        dPercentUsed: percentUsed(row.assigned_mxn, row.mxn_cents),
        dPercentPaid: percentUsed(row.paid_mxn, row.mxn_cents),
        dProfitPercentage: gain.profitPercentage,
        dCurrencyGain: moneyToNumber(gain.gainUsd),
        iDaysRemaining:
          row.type === 'FORWARD' && row.forward_date ? daysBetween(today, row.forward_date) : null,
        invoice: invoiceEntries,
        payment: withPayments ? await this.paymentsOf(db, enterpriseId, row.id) : [],
      });
    }
    return { transactions, totalGainUsd };
  }

  private async paymentsOf(
    db: Executor,
    enterpriseId: string,
    conversionId: string,
  ): Promise<ApiConversionPayment[]> {
    const payments = await repo.findConversionPayments(db, enterpriseId, conversionId);
    const paid = await repo.findPaymentInvoices(
      db,
      payments.map((payment) => payment.id),
    );
    return payments.map((payment) => ({
      sPaymentId: payment.id,
      iTrackingId: Number(payment.tracking_id),
      created_at: payment.created_at.toISOString(),
      dAmount: moneyToNumber(payment.amount_mxn),
      dAmountUsd: moneyToNumber(payment.amount_usd),
      dExchangeRate: rateToNumber(payment.rate_micro),
      sTransactionType: TRANSACTION_TYPE_IDS[payment.type],
      sStatus: payment.status,
      sTrackingKey: payment.tracking_key,
      sConcept: payment.concept,
      payment_recipient: {
        sPaymentRecipientId: payment.recipient_id,
        sName: payment.recipient_name,
      },
      invoice_payments_relationship: paid
        .filter((line) => line.payment_id === payment.id)
        .map((line) => ({
          dAmount: moneyToNumber(line.amount_mxn),
          invoice: { sInvoiceId: line.invoice_id, sInvoice: line.invoice_name },
        })),
    }));
  }
}
