import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, type Customer } from '../../test/finance-fixtures.js';
import {
  AVOCADO,
  checkout,
  checkoutBody,
  newGrower,
  newOrderBuyer,
  putInCart,
  stockOf,
  tableCount,
} from '../../test/order-fixtures.js';
import { addTeamMember, approvalCount } from '../../test/team-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';

let t: TestApp;

describe(
  `a held checkout is checked when it is asked, on ${TEST_ENGINE}`,
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      t = await createTestApp();
    }, 300_000);
    afterAll(async () => {
      await t.close();
    });

    it("refuses a preparer's checkout the company cannot pay, as the direct call would, and queues nothing", async () => {
      const { vendor, articleIds } = await newGrower(t, [AVOCADO]);
      // 600 boxes at $25.00 is $15,000 of goods: far more than the $100.00 on hand.
      const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '100.00' });
      const preparer: Customer = await addTeamMember(t, buyer, 'PREPARER');
      const articleId = articleIds[0]!;
      await putInCart(t, buyer, articleId, 600);
      const body = await checkoutBody(t, buyer, vendor, warehouseId);
      const ordersBefore = await tableCount(t, 'orders');
      const usdBefore = (await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE;

      const direct = await checkout(buyer, body);
      expect(direct.statusCode, direct.body).toBe(409);
      const asked = await checkout(preparer, body);
      expect(asked.statusCode, asked.body).toBe(direct.statusCode);
      expect(json<{ code: string }>(asked).code).toBe('INSUFFICIENT_FUNDS');
      expect(json(asked)).toEqual(json(direct));

      expect(await approvalCount(t, buyer.enterpriseId)).toBe(0);
      expect(await tableCount(t, 'orders')).toBe(ordersBefore);
      expect(await stockOf(t, articleId)).toBe(AVOCADO.stock);
      expect((await balancesOf(t, buyer.enterpriseId)).USD_AVAILABLE).toBe(usdBefore);
      const cart = await t.db
        .selectFrom('cart_items')
        .select('article_id')
        .where('buyer_enterprise_id', '=', buyer.enterpriseId)
        .execute();
      expect(cart).toHaveLength(1);
    });

    it("holds a preparer's checkout that could run now, and writes no order until approved", async () => {
      const { vendor, articleIds } = await newGrower(t, [AVOCADO]);
      const { buyer, warehouseId } = await newOrderBuyer(t, { usd: '60000.00' });
      const preparer = await addTeamMember(t, buyer, 'PREPARER');
      await putInCart(t, buyer, articleIds[0]!, 600);
      const ordersBefore = await tableCount(t, 'orders');

      const asked = await checkout(preparer, await checkoutBody(t, buyer, vendor, warehouseId));
      expect(asked.statusCode, asked.body).toBe(202);
      expect(json<{ approval: { sKind: string } }>(asked).approval.sKind).toBe('CHECKOUT');
      expect(await approvalCount(t, buyer.enterpriseId)).toBe(1);
      expect(await tableCount(t, 'orders')).toBe(ordersBefore);
      expect(await stockOf(t, articleIds[0]!)).toBe(AVOCADO.stock);
    });
  },
);
