import { moneyToNumber, todayInTimeZone, type Language } from '@app/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ApiInvoice, InvoicesService } from '../invoices/invoices.service.js';
import { fixOfDay } from '../rates/banxico-source.js';
import { isUuid, type RatesService } from '../rates/rates.service.js';
import { findCepData } from '../rails/stp/cep.js';
import { renderPaymentReceipt } from './payment-receipt.js';
import * as repo from './payments.repository.js';
import type { PaymentView } from './payments.repository.js';
import { toApiPayment, type ApiPayment } from './payment.view.js';

/** Default and maximum size of the payment list. */
export const PAYMENT_LIST_CAP = 1_000;

/** The payments as the API shows them: the list, one payment, several at once, a receipt. */
export class PaymentReadsService {
  constructor(
    private readonly db: Db,
    private readonly rates: RatesService,
    private readonly invoices: InvoicesService,
    private readonly now: () => Date,
  ) {}

  /** The enterprise's payments, newest first, with the gain on the invoices they paid. */
  async list(
    enterpriseId: string,
    page: { page?: number | undefined; limit?: number | undefined } = {},
  ): Promise<{ payments: ApiPayment[]; totalProfit: number }> {
    const limit = Math.min(page.limit ?? PAYMENT_LIST_CAP, PAYMENT_LIST_CAP);
    const offset = page.page ? (page.page - 1) * limit : 0;
    const views = await repo.listPaymentViews(this.db, enterpriseId, { offset, limit });
    const described = await this.describe(this.db, enterpriseId, views);
    let totalProfit = 0n;
    for (const payment of described) totalProfit += payment.gainUsd;
    return {
      payments: described.map((payment) => payment.answer),
      totalProfit: moneyToNumber(totalProfit),
    };
  }

  /** One payment of the enterprise (404 for any other id). */
  async get(enterpriseId: string, paymentId: string, db: Executor = this.db): Promise<ApiPayment> {
    const view = await this.requireView(db, enterpriseId, paymentId);
    const [described] = await this.describe(db, enterpriseId, [view]);
    if (!described) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    return described.answer;
  }

  /** These payments of the enterprise (others' ids are left out), in no particular order. */
  async getMany(enterpriseId: string, paymentIds: string[]): Promise<Map<string, ApiPayment>> {
    const views = await repo.findPaymentViews(this.db, enterpriseId, paymentIds.filter(isUuid));
    const described = await this.describe(this.db, enterpriseId, views);
    return new Map(described.map(({ answer }) => [answer.sPaymentId, answer]));
  }

  /** The payment's receipt, a PDF file. */
  async receipt(enterpriseId: string, paymentId: string, language: Language): Promise<Buffer> {
    const view = await this.requireView(this.db, enterpriseId, paymentId);
    const parts = await repo.listPaymentInvoices(this.db, enterpriseId, [view.id]);
    const invoices = await this.invoices.describeInvoices(
      this.db,
      enterpriseId,
      parts.map((part) => part.invoice_id),
      this.rates.customerRateAt(this.now()),
    );
    const payer = await repo.findEnterpriseHeading(this.db, enterpriseId);
    const referenceFix = await fixOfDay(this.db, todayInTimeZone(view.created_at));
    return renderPaymentReceipt(
      {
        trackingId: view.tracking_id,
        trackingKey: view.tracking_key,
        createdAt: view.created_at,
        completedAt: view.completed_at,
        status: view.status,
        returnReason: view.return_reason,
        type: view.type,
        payerName: payer.name,
        timeZone: payer.timeZone,
        recipientName: view.recipient_name,
        bankName: view.recipient_bank_name,
        clabe: view.recipient_clabe,
        taxId: view.recipient_tax_id,
        amountMxn: view.amount_mxn,
        amountUsd: view.amount_usd,
        rateMicro: view.rate_micro,
        referenceFix,
        concept: view.concept,
        invoices: parts.map((part) => ({
          name: invoices.get(part.invoice_id)?.sInvoice ?? part.invoice_id,
          amountMxn: part.amount_mxn,
        })),
        cep: await findCepData(this.db, view.id),
      },
      language,
    );
  }

  async requireView(db: Executor, enterpriseId: string, paymentId: string): Promise<PaymentView> {
    const view = isUuid(paymentId)
      ? await repo.findPaymentView(db, enterpriseId, paymentId)
      : undefined;
    if (!view) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    return view;
  }

  /** API shapes of payments, with the invoices they paid and the gain on them. */
  async describe(
    db: Executor,
    enterpriseId: string,
    views: PaymentView[],
  ): Promise<Array<{ answer: ApiPayment; gainUsd: bigint }>> {
    const parts = await repo.listPaymentInvoices(
      db,
      enterpriseId,
      views.map((view) => view.id),
    );
    const invoices =
      parts.length === 0
        ? new Map<string, ApiInvoice>()
        : await this.invoices.describeInvoices(
            db,
            enterpriseId,
            [...new Set(parts.map((part) => part.invoice_id))],
            this.rates.customerRateAt(this.now()),
          );
    const partsOf = new Map<string, typeof parts>();
    for (const part of parts) {
      const list = partsOf.get(part.payment_id) ?? [];
      list.push(part);
      partsOf.set(part.payment_id, list);
    }
    return views.map((view) => toApiPayment(view, partsOf.get(view.id) ?? [], invoices));
  }
}
