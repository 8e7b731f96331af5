import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerSound, type Customer } from '../../test/finance-fixtures.js';
import { expectError, pngBase64, type Company } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  logInAgain,
  newGrower,
  newOperator,
  newOrderBuyer,
  placedOrder,
  putInCart,
  tableCount,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import { jpegBytes } from '../../test/image-fixtures.js';
import type { ApiOrder, ApiOrderSummary } from '../orders/order.view.js';
import type { ApiDispute, ApiDisputeImage, ApiDisputeSummary } from './disputes.service.js';

let t: TestApp;

const JPEG = Buffer.concat([jpegBytes(64, 48), Buffer.alloc(200, 7)]);

/** A delivered order of a new buyer from a new grower. */
async function deliveredOrder(): Promise<{ buyer: Customer; vendor: Company; order: ApiOrder }> {
  const { vendor, articleIds } = await newGrower(t, [
    {
      name: 'Persian lime 150ct, 40 lb box',
      price: '24.00',
      boxesPerPallet: 70,
      minBoxes: 10,
      stock: 700,
    },
  ]);
  const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '5000.00' });
  await putInCart(t, buyer, articleIds[0]!, 140);
  const order = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
  return { buyer, vendor, order: await advanceTo(vendor, order, 'DELIVERED') };
}

function openDispute(buyer: Customer, orderId: string, overrides: Record<string, unknown> = {}) {
  return buyer.call('POST', 'disputes', {
    sOrderId: orderId,
    sCategory: 'QUALITY_CONDITION',
    sSubcategory: 'DECAY',
    sDescription: 'Twelve boxes arrived with stem-end rot; USDA inspection requested.',
    ...overrides,
  });
}

async function opened(buyer: Customer, orderId: string): Promise<ApiDispute> {
  const response = await openDispute(buyer, orderId);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ dispute: ApiDispute }>(response).dispute;
}

function addImage(buyer: Customer, disputeId: string, content: string, fileName = 'photo.png') {
  return buyer.call('POST', `disputes/${disputeId}/images`, {
    sFileName: fileName,
    sContentBase64: content,
  });
}

describe(`disputes on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('lists the categories with their subcategories in both languages', async () => {
    const { buyer } = await newOrderBuyer(t);
    const en = json<{
      categories: Array<{ sKey: string; sName: string; subcategories: Array<{ sKey: string }> }>;
    }>(await buyer.call('GET', 'disputes/categories')).categories;
    expect(en.map((category) => category.sKey)).toEqual(
      expect.arrayContaining([
        'NON_PAYMENT',
        'FAILURE_TO_SHIP',
        'WRONGFUL_REJECTION',
        'QUALITY_CONDITION',
        'QUANTITY',
        'CONTRACT_TERMS',
      ]),
    );
    expect(en.every((category) => category.subcategories.length > 0)).toBe(true);
    const sp = json<{ categories: Array<{ sKey: string; sName: string }> }>(
      await buyer.call('GET', 'disputes/categories', undefined, { lang: 'sp' }),
    ).categories;
    expect(sp.find((category) => category.sKey === 'QUANTITY')?.sName).toBe('Cantidad');
  });

  it('opens a dispute with two photos, seen by both parties; the vendor answers; the back office resolves it', async () => {
    const { buyer, vendor, order } = await deliveredOrder();
    const dispute = await opened(buyer, order.sOrderId);
    expect(dispute).toMatchObject({
      sOrderId: order.sOrderId,
      iOrderTrackingId: order.iTrackingId,
      sStatus: 'IN_PROCESS',
      sCategory: 'QUALITY_CONDITION',
      sCategoryName: 'Quality or condition',
      sSubcategory: 'DECAY',
      sSubcategoryName: 'Decay or mould',
      images: [],
      sInCharge: null,
      sResolution: null,
      sVendorAnswer: null,
      dFinalDate: null,
      created_at: t.clock.now().toISOString(),
    });

    // The order moves to the disputed tab and can no longer be accepted or disputed again.
    const disputedTab = json<{ orders: ApiOrderSummary[] }>(
      await buyer.call('GET', 'orders?tab=disputed'),
    ).orders;
    expect(disputedTab).toEqual([
      expect.objectContaining({
        sOrderId: order.sOrderId,
        sDisputeId: dispute.sDisputeId,
        sDisputeStatus: 'IN_PROCESS',
      }),
    ]);
    expect(json<{ total: number }>(await buyer.call('GET', 'orders?tab=in-process')).total).toBe(0);
    const again = await openDispute(buyer, order.sOrderId);
    expectError(again, 409, 'DISPUTE_ALREADY_OPENED', 'sOrderId');
    expect(json<{ message: string }>(again).message).toContain('Disputes tab');
    expectError(await buyer.call('POST', `orders/${order.sOrderId}/accept`), 409, 'INVALID_STATE');

    const png = pngBase64();
    const first = await addImage(buyer, dispute.sDisputeId, png);
    expect(first.statusCode, first.body).toBe(201);
    t.clock.advanceMinutes(1);
    const second = await addImage(
      buyer,
      dispute.sDisputeId,
      `data:image/jpeg;base64,${JPEG.toString('base64')}`,
      'box.jpg',
    );
    expect(second.statusCode, second.body).toBe(201);
    const [pngImage, jpegImage] = [
      json<{ image: ApiDisputeImage }>(first).image,
      json<{ image: ApiDisputeImage }>(second).image,
    ];
    expect(pngImage).toMatchObject({ sContentType: 'image/png', sFileName: 'photo.png' });
    expect(jpegImage).toMatchObject({ sContentType: 'image/jpeg', iSize: JPEG.length });

    const detail = json<{ dispute: ApiDispute }>(
      await buyer.call('GET', `disputes/${dispute.sDisputeId}`),
    ).dispute;
    expect(detail.images.map((image) => image.sImageId)).toEqual([
      pngImage.sImageId,
      jpegImage.sImageId,
    ]);
    const stored = await t.db.selectFrom('dispute_images').select('storage_key').execute();
    expect(stored.map((row) => row.storage_key).sort()).toEqual(
      [
        `disputes/${dispute.sDisputeId}/${pngImage.sImageId}.png`,
        `disputes/${dispute.sDisputeId}/${jpegImage.sImageId}.jpg`,
      ].sort(),
    );

    // Both parties read the photos; anyone else is told they do not exist.
    for (const party of [buyer, vendor]) {
      const photo = await party.call(
        'GET',
        `disputes/${dispute.sDisputeId}/images/${jpegImage.sImageId}`,
      );
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toBe('private, no-store');
      expect(photo.rawPayload.equals(JPEG)).toBe(true);
    }
    const { buyer: stranger } = await newOrderBuyer(t);
    const { vendor: otherVendor } = await newGrower(t, []);
    for (const outsider of [stranger, otherVendor]) {
      expectError(
        await outsider.call('GET', `disputes/${dispute.sDisputeId}/images/${jpegImage.sImageId}`),
        404,
        'NOT_FOUND',
      );
      expectError(await outsider.call('GET', `disputes/${dispute.sDisputeId}`), 404, 'NOT_FOUND');
      expect(json<{ total: number }>(await outsider.call('GET', 'disputes')).total).toBe(0);
    }
    expectError(await addImage(stranger, dispute.sDisputeId, png), 404, 'NOT_FOUND');
    expectError(
      await otherVendor.call('POST', `vendor/disputes/${dispute.sDisputeId}/answer`, {
        sAnswer: 'No.',
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await buyer.call('GET', `disputes/${dispute.sDisputeId}/images/${dispute.sDisputeId}`),
      404,
      'NOT_FOUND',
    );

    // The vendor sees it in its list and answers.
    const vendorList = json<{ disputes: ApiDisputeSummary[] }>(
      await vendor.call('GET', 'disputes?tab=in-process'),
    ).disputes;
    expect(vendorList).toEqual([
      expect.objectContaining({ sDisputeId: dispute.sDisputeId, iImages: 2 }),
    ]);
    const answered = await vendor.call('POST', `vendor/disputes/${dispute.sDisputeId}/answer`, {
      sAnswer: 'The load left at 34 °F; we offer a credit for 12 boxes.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(json<{ dispute: ApiDispute }>(answered).dispute.sVendorAnswer).toMatch(
      /credit for 12 boxes/,
    );

    // Only the back office resolves.
    const resolveBody = {
      sResolution: 'Credit of 12 boxes agreed by both parties.',
      sInCharge: 'Omar Santos',
    };
    expectError(
      await buyer.call('POST', `ops/disputes/${dispute.sDisputeId}/resolve`, resolveBody),
      404,
      'NOT_FOUND',
    );
    const operator = await newOperator(t);
    const opsList = json<{ disputes: ApiDisputeSummary[] }>(
      await operator.call('GET', 'ops/disputes'),
    ).disputes;
    expect(opsList.map((row) => row.sDisputeId)).toEqual([dispute.sDisputeId]);
    const operatorPhoto = await operator.call(
      'GET',
      `disputes/${dispute.sDisputeId}/images/${pngImage.sImageId}`,
    );
    expect(operatorPhoto.statusCode).toBe(200);
    t.clock.advanceMinutes(20);
    const resolved = await operator.call(
      'POST',
      `ops/disputes/${dispute.sDisputeId}/resolve`,
      resolveBody,
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(json<{ dispute: ApiDispute }>(resolved).dispute).toMatchObject({
      sStatus: 'FINALIZED',
      sStatusName: 'Finalized',
      sResolution: resolveBody.sResolution,
      sInCharge: 'Omar Santos',
      dFinalDate: t.clock.now().toISOString(),
    });
    expectError(
      await operator.call('POST', `ops/disputes/${dispute.sDisputeId}/resolve`, resolveBody),
      409,
      'INVALID_STATE',
    );
    expectError(
      await vendor.call('POST', `vendor/disputes/${dispute.sDisputeId}/answer`, {
        sAnswer: 'Late.',
      }),
      409,
      'INVALID_STATE',
    );
    expectError(await addImage(buyer, dispute.sDisputeId, png), 409, 'DISPUTE_NOT_OPEN');

    const buyerAgain = await logInAgain(t, buyer);
    expect(
      json<{ disputes: ApiDisputeSummary[] }>(
        await buyerAgain.call('GET', 'disputes?tab=finalized'),
      ).disputes,
    ).toEqual([expect.objectContaining({ sDisputeId: dispute.sDisputeId, sStatus: 'FINALIZED' })]);
    expect(
      json<{ total: number }>(await buyerAgain.call('GET', 'disputes?tab=in-process')).total,
    ).toBe(0);
    const finished = json<{ order: ApiOrder }>(
      await buyerAgain.call('GET', `orders/${order.sOrderId}`),
    ).order;
    expect(finished).toMatchObject({
      sStatus: 'FINISHED',
      sDisputeStatus: 'FINALIZED',
      finished_at: t.clock.now().toISOString(),
    });
  });

  it('keeps at most 15 photos per side and refuses files that are not JPEG, PNG or WebP', async () => {
    const { buyer, vendor, order } = await deliveredOrder();
    const dispute = await opened(buyer, order.sOrderId);
    expectError(
      await addImage(
        buyer,
        dispute.sDisputeId,
        Buffer.from('%PDF-1.7 not an image').toString('base64'),
      ),
      400,
      'INVALID_INPUT',
      'sContentBase64',
    );
    expectError(
      await addImage(buyer, dispute.sDisputeId, 'not base64 at all!'),
      400,
      'INVALID_INPUT',
      'sContentBase64',
    );
    expectError(
      await addImage(buyer, dispute.sDisputeId, ''),
      400,
      'INVALID_INPUT',
      'sContentBase64',
    );
    const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]);
    expectError(
      await addImage(buyer, dispute.sDisputeId, tooBig.toString('base64')),
      413,
      'PAYLOAD_TOO_LARGE',
      'sContentBase64',
    );
    expect(await tableCount(t, 'dispute_images')).toBe(0);

    const png = pngBase64();
    for (let index = 0; index < 15; index += 1) {
      const response = await addImage(buyer, dispute.sDisputeId, png, `photo-${index}.png`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const sixteenth = await addImage(buyer, dispute.sDisputeId, png, 'photo-16.png');
    expectError(sixteenth, 409, 'TOO_MANY_IMAGES', 'images');
    expect(json<{ message: string }>(sixteenth).message).toContain('15 photos');
    expect(await tableCount(t, 'dispute_images')).toBe(15);

    // The buyer's fifteen leave the grower its own fifteen, and no sixteenth.
    const vendorImage = (index: number) =>
      vendor.call('POST', `vendor/disputes/${dispute.sDisputeId}/images`, {
        sFileName: `evidence-${index}.png`,
        sContentBase64: png,
      });
    for (let index = 0; index < 15; index += 1) {
      const response = await vendorImage(index);
      expect(response.statusCode, response.body).toBe(201);
    }
    expectError(await vendorImage(16), 409, 'TOO_MANY_IMAGES', 'images');
    const sides = await t.db
      .selectFrom('dispute_images')
      .select(['uploaded_by', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('uploaded_by')
      .orderBy('uploaded_by')
      .execute();
    expect(sides.map((row) => [row.uploaded_by, Number(row.n)])).toEqual([
      ['buyer', 15],
      ['vendor', 15],
    ]);
  });

  it('refuses a dispute after the 8-hour window, before delivery, or with a mismatched subcategory', async () => {
    const { buyer: first, vendor, order } = await deliveredOrder();
    expectError(
      await openDispute(first, order.sOrderId, { sSubcategory: 'SHORT_BOXES' }),
      400,
      'INVALID_INPUT',
      'sSubcategory',
    );
    expectError(
      await openDispute(first, order.sOrderId, { sCategory: 'WEATHER' }),
      400,
      'INVALID_INPUT',
      'sCategory',
    );

    t.clock.advanceMinutes(8 * 60 - 1);
    let buyer = await logInAgain(t, first);
    const stillOpen = json<{ order: ApiOrder }>(
      await buyer.call('GET', `orders/${order.sOrderId}`),
    ).order;
    expect(stillOpen).toMatchObject({ sStatus: 'DELIVERED', bCanDispute: true });
    t.clock.advanceMinutes(1);
    buyer = await logInAgain(t, buyer);
    const late = await openDispute(buyer, order.sOrderId);
    expectError(late, 409, 'DISPUTE_WINDOW_CLOSED', 'sOrderId');
    expect(json<{ message: string }>(late).message).toBe(
      'A dispute can be opened within 8 hours of delivery, and that time has passed; settle it with the grower directly.',
    );
    expect(await tableCount(t, 'disputes')).toBe(0);

    // An order still on its way cannot be disputed.
    const { vendor: grower, articleIds } = await newGrower(t, [
      {
        name: 'Roma tomato 25 lb box',
        price: '13.50',
        boxesPerPallet: 100,
        minBoxes: 25,
        stock: 300,
      },
    ]);
    const { buyer: other, warehouseId } = await newOrderBuyer(t, { usd: '5000.00' });
    await putInCart(t, other, articleIds[0]!, 100);
    const inTransit = await advanceTo(
      grower,
      await placedOrder(other, await checkoutBody(t, other, grower, warehouseId)),
      'IN_TRANSIT',
    );
    expectError(await openDispute(other, inTransit.sOrderId), 409, 'INVALID_STATE', 'sOrderId');

    // Another tenant's order is not found; a vendor cannot open disputes.
    expectError(await openDispute(other, order.sOrderId), 404, 'NOT_FOUND', 'sOrderId');
    expectError(await openDispute(other, 'not-a-uuid'), 404, 'NOT_FOUND', 'sOrderId');
    expectError(await openDispute(await logInAgain(t, vendor), order.sOrderId), 404, 'NOT_FOUND');
    expectError(await other.call('GET', 'disputes/not-a-uuid'), 404, 'NOT_FOUND');
    expectError(await other.call('GET', 'disputes?tab=closed'), 400, 'INVALID_INPUT', 'tab');
  });
});
