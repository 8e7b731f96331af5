import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, pngBase64 } from '../../test/marketplace-fixtures.js';
import {
  advanceTo,
  checkoutBody,
  newGrower,
  newOrderBuyer,
  placedOrder,
  putInCart,
} from '../../test/order-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { ApiDispute } from './disputes.service.js';

let t: TestApp;

describe(`the grower's dispute answer with photos (${TEST_ENGINE})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the grower add photos to its answer, marked as its own, and no one else', async () => {
    const { vendor, articleIds } = await newGrower(t, [
      { name: 'Roma tomato', price: '15.00', boxesPerPallet: 70, minBoxes: 10, stock: 700 },
    ]);
    const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '5000.00' });
    await putInCart(t, buyer, articleIds[0]!, 70);
    const placed = await placedOrder(buyer, await checkoutBody(t, buyer, vendor, warehouseId));
    const order = await advanceTo(vendor, placed, 'DELIVERED');
    const opened = await buyer.call('POST', 'disputes', {
      sOrderId: order.sOrderId,
      sCategory: 'QUALITY_CONDITION',
      sSubcategory: 'DECAY',
      sDescription: 'Soft fruit on two pallets.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const dispute = json<{ dispute: ApiDispute }>(opened).dispute;
    const photo = { sFileName: 'loading-temp.png', sContentBase64: pngBase64([200, 40, 40]) };

    const added = await vendor.call('POST', `vendor/disputes/${dispute.sDisputeId}/images`, photo);
    expect(added.statusCode, added.body).toBe(201);
    expect(json<{ image: { sUploadedBy: string } }>(added).image.sUploadedBy).toBe('vendor');
    t.clock.advanceMinutes(1);
    await buyer.call('POST', `disputes/${dispute.sDisputeId}/images`, {
      ...photo,
      sFileName: 'pallet.png',
    });

    const seen = json<{ dispute: ApiDispute }>(
      await buyer.call('GET', `disputes/${dispute.sDisputeId}`),
    ).dispute;
    expect(seen.images.map((image) => [image.sFileName, image.sUploadedBy])).toEqual([
      ['loading-temp.png', 'vendor'],
      ['pallet.png', 'buyer'],
    ]);
    const bytes = await vendor.call(
      'GET',
      `disputes/${dispute.sDisputeId}/images/${seen.images[0]!.sImageId}`,
    );
    expect(bytes.statusCode).toBe(200);

    // Another grower, and the buyer on the grower's path, are told it does not exist.
    const other = (await newGrower(t, [], { name: 'Otra SA' })).vendor;
    expectError(
      await other.call('POST', `vendor/disputes/${dispute.sDisputeId}/images`, photo),
      404,
      'NOT_FOUND',
    );
    expectError(
      await buyer.call('POST', `vendor/disputes/${dispute.sDisputeId}/images`, photo),
      404,
      'NOT_FOUND',
    );
    expectError(
      await vendor.call('POST', `vendor/disputes/${dispute.sDisputeId}/images`, {
        sFileName: 'notes.png',
        sContentBase64: Buffer.from('not a photo').toString('base64'),
      }),
      400,
      'INVALID_INPUT',
      'sContentBase64',
    );
  });
});
