import type { Language, OrderDocumentKind } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { OrderParty } from '../orders/order-records.js';
import type { OrdersService } from '../orders/orders.service.js';
import * as repo from './order-documents.repository.js';
import { renderOrderDocument, type DocumentCompany } from './order-documents.pdf.js';

const NOT_GIVEN: DocumentCompany = {
  name: '',
  legalAddress: null,
  pacaLicense: null,
  taxId: null,
};

/**
 * The trade documents of an order (commercial invoice, packing list, bill of lading draft)
 * as PDFs, for its buyer or its grower. The order is read through OrdersService with the
 * caller's side, so another company's order is NOT_FOUND as everywhere else.
 */
export class OrderDocumentsService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly now: () => Date,
  ) {}

  async render(
    party: OrderParty,
    orderId: string,
    kind: OrderDocumentKind,
    language: Language,
  ): Promise<{ pdf: Buffer; fileName: string }> {
    const order = await this.orders.get(party, orderId, language);
    const [companies, warehouse] = await Promise.all([
      repo.findCompanies(this.db, [order.sBuyerId, order.sVendorId]),
      repo.findWarehouseContact(this.db, order.sBuyerId, order.sWarehouseId),
    ]);
    if (!warehouse) throw new AppError('NOT_FOUND');
    const company = (id: string): DocumentCompany => {
      const row = companies.find((candidate) => candidate.id === id);
      return row
        ? {
            name: row.name,
            legalAddress: row.legal_address,
            pacaLicense: row.paca_license,
            taxId: row.tax_id,
          }
        : NOT_GIVEN;
    };
    const pdf = await renderOrderDocument(
      kind,
      {
        order,
        seller: company(order.sVendorId),
        buyer: company(order.sBuyerId),
        warehouse: {
          name: warehouse.name,
          address: warehouse.address,
          city: warehouse.city,
          state: warehouse.state,
          country: warehouse.country,
          postalCode: warehouse.postal_code,
          phone: warehouse.phone,
          email: warehouse.email,
          manager: warehouse.manager,
          notes: warehouse.comments,
        },
        printedAt: this.now(),
      },
      language,
    );
    return { pdf, fileName: `${kind}-${order.iTrackingId}.pdf` };
  }
}
