import { execFileSync } from 'node:child_process';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../../test/order-fixtures.js';
import type { Customer } from '../../test/finance-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiOrder } from '../orders/order.view.js';
import { groupedDecimal } from './order-documents.pdf.js';

/** The text of a PDF answer, as pdftotext reads it (layout kept, so rows stay rows). */
function pdfText(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const bytes = response.rawPayload;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}

let t: TestApp;
let buyer: Customer;
let vendor: Customer;
let order: ApiOrder;

describe(`order trade documents (${TEST_ENGINE})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    const grower = await newGrower(t, [
      {
        name: 'Hass avocado 48ct, 25 lb lug',
        price: '25.00',
        boxesPerPallet: 60,
        minBoxes: 10,
        stock: 2000,
      },
      {
        name: 'Persian lime 150ct, 40 lb box',
        price: '18.50',
        boxesPerPallet: 70,
        minBoxes: 5,
        stock: 500,
      },
    ]);
    vendor = grower.vendor;
    await t.db
      .updateTable('enterprises')
      .set({ paca_license: '20241187', legal_address: 'Carretera Uruapan km 4, Michoacán' })
      .where('id', '=', vendor.enterpriseId)
      .execute();
    const placed = await newOrderBuyer(t, { usd: '60000.00' });
    buyer = placed.buyer;
    await t.db
      .updateTable('enterprises')
      .set({ paca_license: '19990042', tax_id: '36-4455667' })
      .where('id', '=', buyer.enterpriseId)
      .execute();
    await t.db
      .updateTable('warehouses')
      .set({ comments: 'Receiving Mon-Sat 05:00-13:00, dock 4' })
      .where('id', '=', placed.warehouseId)
      .execute();
    await putInCart(t, buyer, grower.articleIds[0]!, 1560);
    await putInCart(t, buyer, grower.articleIds[1]!, 75);
    order = await placedOrder(
      buyer,
      await checkoutBody(t, buyer, vendor, placed.warehouseId, 'PAY_NOW'),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives the buyer a commercial invoice with both companies, lines, fees, total and terms', async () => {
    const text = pdfText(
      await buyer.call('GET', `orders/${order.sOrderId}/documents/commercial-invoice`),
    );
    expect(text).toContain('Commercial invoice');
    expect(text).toContain(`#${order.iTrackingId}`);
    expect(text).toContain('Huerta Los Reyes SPR de RL');
    expect(text).toContain('20241187');
    expect(text).toContain('HRE120315AB1');
    expect(text).toContain('19990042');
    expect(text).toContain('36-4455667');
    expect(text).toMatch(/Hass avocado 48ct, 25 lb lug\s+1,560\s+\$25\.00/);
    expect(text).toMatch(/Persian lime 150ct, 40 lb box\s+75\s+\$18\.50/);
    for (const fee of order.fees) expect(text).toContain(`$${groupedDecimal(fee.dTotal)} USD`);
    expect(text).toContain(`Total (USD): $${groupedDecimal(order.dTotal!)} USD`);
    expect(text).toContain(`Payment method: ${order.payment!.sMethodName}`);
    expect(text).toContain('FOB McAllen');
    expect(text).toContain('statutory trust');
  });

  it('gives a packing list per transport, in Spanish when asked in Spanish', async () => {
    const text = pdfText(
      await buyer.call('GET', `orders/${order.sOrderId}/documents/packing-list`, undefined, {
        lang: 'sp',
      }),
    );
    expect(text).toContain('Lista de empaque');
    expect(order.transports.length).toBe(2);
    for (const transport of order.transports) {
      expect(text).toContain(`Transporte ${transport.iNumber}: ${transport.iPallets} tarimas`);
    }
    // The avocados' 26 pallets and the limes' 2 are split over the trucks, boxes with them.
    expect(text).toMatch(/Totales por artículo[\s\S]*Hass avocado 48ct, 25 lb lug\s+26\s+1,560/);
    expect(text).toMatch(/Persian lime 150ct, 40 lb box\s+2\s+75/);
    const boxRows = [...text.matchAll(/lb (?:lug|box)\s+(\d+)\s+([\d,]+)\s*$/gm)];
    const shipped = boxRows.map((row) => Number(row[2]!.replace(',', '')));
    // Every box is in one transport: the transports' rows sum to the totals' rows.
    const transportsSum = shipped.slice(0, -2).reduce((sum, boxes) => sum + boxes, 0);
    expect(transportsSum).toBe(1560 + 75);
  });

  it('gives the grower a bill of lading draft with the dock contact and a temperature note', async () => {
    const text = pdfText(
      await vendor.call('GET', `vendor/orders/${order.sOrderId}/documents/bill-of-lading`),
    );
    expect(text).toContain('Bill of lading (draft)');
    expect(text).toContain('Chicago DC');
    expect(text).toContain('Pat Doe');
    expect(text).toContain('+1 312 555 0100');
    expect(text).toContain('dock@example.test');
    expect(text).toContain('Receiving Mon-Sat 05:00-13:00, dock 4');
    expect(text).toContain('Reefer set point');
    expect(text).toContain('1,635');
    const sp = pdfText(
      await vendor.call(
        'GET',
        `vendor/orders/${order.sOrderId}/documents/commercial-invoice`,
        undefined,
        { lang: 'sp' },
      ),
    );
    expect(sp).toContain('Factura comercial');
    expect(sp).toContain('fideicomiso');
  });

  it('shows the grower the warehouse dock contact and receiving notes on the order', async () => {
    const response = await vendor.call('GET', `vendor/orders/${order.sOrderId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { order: ApiOrder }).order.warehouse).toMatchObject({
      sName: 'Chicago DC',
      sManager: 'Pat Doe',
      sPhone: '+1 312 555 0100',
      sEmail: 'dock@example.test',
      sNotes: 'Receiving Mon-Sat 05:00-13:00, dock 4',
    });
  });

  it("keeps each company to its own orders and its own side's path", async () => {
    const stranger = (await newOrderBuyer(t)).buyer;
    expectError(
      await stranger.call('GET', `orders/${order.sOrderId}/documents/commercial-invoice`),
      404,
      'NOT_FOUND',
    );
    const otherGrower = (await newGrower(t, [], { name: 'Otra Huerta SA' })).vendor;
    expectError(
      await otherGrower.call('GET', `vendor/orders/${order.sOrderId}/documents/packing-list`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await buyer.call('GET', `vendor/orders/${order.sOrderId}/documents/packing-list`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await vendor.call('GET', `orders/${order.sOrderId}/documents/packing-list`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await buyer.call('GET', `orders/${order.sOrderId}/documents/receipt`),
      400,
      'INVALID_INPUT',
    );
    expectError(
      await buyer.call('GET', 'orders/not-an-id/documents/packing-list'),
      404,
      'NOT_FOUND',
    );
  });

  it('issues the commercial invoice and packing list again as delivered, keeping the version as ordered', async () => {
    // Before a delivery there is one version, the one as ordered.
    const before = pdfText(
      await buyer.call('GET', `orders/${order.sOrderId}/documents/commercial-invoice`),
    );
    expect(before).toContain('As ordered (current)');
    expectError(
      await buyer.call(
        'GET',
        `orders/${order.sOrderId}/documents/commercial-invoice?version=delivered`,
      ),
      404,
      'NOT_FOUND',
    );

    // 1,500 of the 1,560 avocado boxes arrive.
    const onRoute = await advanceTo(vendor, order, 'ON_DELIVERY_ROUTE');
    const avocado = onRoute.lines.find((line) => line.sProductName.startsWith('Hass'))!;
    const delivered = await vendor.call('POST', `vendor/orders/${order.sOrderId}/status`, {
      sStatus: 'DELIVERED',
      lines: [{ sLineId: avocado.sLineId, dDeliveredQuantity: 1500 }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    // The delivered total is the buyer's: the grower's answer leaves it out.
    expect(json<{ order: ApiOrder }>(delivered).order.dFinalPrice).toBeNull();
    const final = json<{ order: ApiOrder }>(
      await buyer.call('GET', `orders/${order.sOrderId}`),
    ).order;
    expect(final.dFinalPrice).not.toBeNull();

    const current = pdfText(
      await buyer.call('GET', `orders/${order.sOrderId}/documents/commercial-invoice`),
    );
    expect(current).toMatch(/As delivered, recorded .+ \(current\)/);
    expect(current).toMatch(/Hass avocado 48ct, 25 lb lug\s+1,500\s/);
    expect(current).not.toContain('1,560');
    expect(current).toContain(`$${groupedDecimal(final.dFinalPrice!)} USD`);

    const earlier = await buyer.call(
      'GET',
      `orders/${order.sOrderId}/documents/commercial-invoice?version=ordered`,
    );
    expect(earlier.headers['content-disposition']).toContain(
      `commercial-invoice-${order.iTrackingId}-ordered.pdf`,
    );
    const earlierText = pdfText(earlier);
    expect(earlierText).toContain('As ordered: replaced by the version as delivered');
    expect(earlierText).toMatch(/Hass avocado 48ct, 25 lb lug\s+1,560\s/);
    expect(earlierText).toContain(`$${groupedDecimal(order.dTotal!)} USD`);

    const packing = pdfText(
      await vendor.call(
        'GET',
        `vendor/orders/${order.sOrderId}/documents/packing-list`,
        undefined,
        {
          lang: 'sp',
        },
      ),
    );
    expect(packing).toMatch(/Como se entregó, registrada el .+ \(vigente\)/);
    expect(packing).toMatch(/Hass avocado 48ct, 25 lb lug\s+\d+\s+1,500/);

    // The bill of lading travels with the load and has one version.
    const lading = pdfText(
      await vendor.call('GET', `vendor/orders/${order.sOrderId}/documents/bill-of-lading`),
    );
    expect(lading).not.toContain('As delivered');
    expect(lading).not.toContain('Version');
    expectError(
      await buyer.call('GET', `orders/${order.sOrderId}/documents/packing-list?version=latest`),
      400,
      'INVALID_INPUT',
    );
  });
});
