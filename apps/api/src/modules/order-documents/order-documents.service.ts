import { COMPANY_TIME_ZONE, type Language, type OrderDocumentKind } from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { OrderParty } from '../orders/order-records.js';
import type { OrdersService } from '../orders/orders.service.js';
import { asDelivered, documentVersions, type DocumentVersion } from './document-versions.js';
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
 * caller's side, so another company's order is NOT_FOUND as everywhere else. Once a delivery
 * is recorded the commercial invoice and packing list are issued again as delivered; the
 * version as ordered stays available (`version=ordered`) and says it was replaced.
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
    version?: DocumentVersion,
  ): Promise<{ pdf: Buffer; fileName: string }> {
    const ordered = await this.orders.getForDocuments(party, orderId, language);
    const versions = documentVersions(ordered);
    // The bill of lading travels with the load: a delivery does not issue it again.
    const versioned = kind !== 'bill-of-lading';
    const shown = versioned ? (version ?? versions.current) : 'ordered';
    if (shown === 'delivered' && versions.current !== 'delivered') {
      throw new AppError('NOT_FOUND', { field: 'version' });
    }
    const order = shown === 'delivered' ? asDelivered(ordered) : ordered;
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
        // The times are on the clock of the company that prints it.
        timeZone:
          companies.find((row) => row.id === party.enterpriseId)?.time_zone ?? COMPANY_TIME_ZONE,
        version: versioned ? { shown, deliveredAt: versions.deliveredAt } : undefined,
      },
      language,
    );
    const suffix = versioned && versions.current === 'delivered' ? `-${shown}` : '';
    return { pdf, fileName: `${kind}-${order.iTrackingId}${suffix}.pdf` };
  }
}
