import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectError,
  newBuyer,
  newVendor,
  rowCount,
  type Company,
} from '../../test/marketplace-fixtures.js';
import { createTestApp, json, TEST_ENGINE, type TestApp } from '../../test/test-app.js';
import type { WarehouseAnswer } from './warehouses.service.js';

let t: TestApp;
let buyer: Company;

function warehouseBody(overrides: Record<string, unknown> = {}) {
  return {
    sName: 'Chicago DC',
    sAddress: '2520 S Wolcott Ave',
    sCountry: 'United States',
    sState: 'Illinois',
    sCity: 'Chicago',
    sPostalCode: '60608',
    sPhone: '+1 312 555 0170',
    sEmail: 'Receiving@Example.test',
    sManager: 'Pat Doyle',
    dLatitude: 41.845321,
    dLongitude: -87.673,
    sComments: 'Dock 7',
    ...overrides,
  };
}

describe(`warehouses on ${TEST_ENGINE}`, () => {
  beforeEach(async () => {
    t = await createTestApp();
    buyer = await newBuyer(t);
  });
  afterEach(async () => t.close());

  it('adds, lists, edits and deletes a warehouse', async () => {
    const created = await buyer.call('POST', 'warehouses', warehouseBody());
    expect(created.statusCode, created.body).toBe(201);
    const warehouse = json<{ warehouse: WarehouseAnswer }>(created).warehouse;
    expect(warehouse).toMatchObject({
      sName: 'Chicago DC',
      sEmail: 'receiving@example.test',
      dLatitude: 41.845321,
      dLongitude: -87.673,
      sComments: 'Dock 7',
    });
    const noMap = await buyer.call(
      'POST',
      'warehouses',
      warehouseBody({ sName: 'Annex', dLatitude: null, dLongitude: null, sComments: '' }),
    );
    expect(json<{ warehouse: WarehouseAnswer }>(noMap).warehouse).toMatchObject({
      dLatitude: null,
      dLongitude: null,
      sComments: null,
    });

    const list = json<{ warehouses: WarehouseAnswer[]; total: number }>(
      await buyer.call('GET', 'warehouses'),
    );
    expect(list.total).toBe(2);
    expect(list.warehouses.map((w) => w.sName)).toEqual(['Annex', 'Chicago DC']);

    const edited = await buyer.call(
      'PUT',
      `warehouses/${warehouse.sWarehouseId}`,
      warehouseBody({ sCity: 'Cicero', dLatitude: -90, dLongitude: 180 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ warehouse: WarehouseAnswer }>(edited).warehouse).toMatchObject({
      sCity: 'Cicero',
      dLatitude: -90,
      dLongitude: 180,
    });
    expect(
      json<{ warehouse: WarehouseAnswer }>(
        await buyer.call('GET', `warehouses/${warehouse.sWarehouseId}`),
      ).warehouse.sCity,
    ).toBe('Cicero');

    expect((await buyer.call('DELETE', `warehouses/${warehouse.sWarehouseId}`)).statusCode).toBe(
      204,
    );
    expectError(await buyer.call('GET', `warehouses/${warehouse.sWarehouseId}`), 404, 'NOT_FOUND');
    expectError(
      await buyer.call('DELETE', `warehouses/${warehouse.sWarehouseId}`),
      404,
      'NOT_FOUND',
    );
    expect(json<{ total: number }>(await buyer.call('GET', 'warehouses')).total).toBe(1);
    // Soft delete: orders that point at it keep their row.
    expect(await rowCount(t, 'warehouses')).toBe(2);
    expect(await t.app.marketplace.warehouses.countWarehouses(t.db, buyer.enterpriseId)).toBe(1);
  });

  it("answers another company's warehouse as not found", async () => {
    const created = json<{ warehouse: WarehouseAnswer }>(
      await buyer.call('POST', 'warehouses', warehouseBody()),
    ).warehouse;
    const stranger = await newBuyer(t);
    expectError(await stranger.call('GET', `warehouses/${created.sWarehouseId}`), 404, 'NOT_FOUND');
    expectError(
      await stranger.call(
        'PUT',
        `warehouses/${created.sWarehouseId}`,
        warehouseBody({ sName: 'Mine' }),
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger.call('DELETE', `warehouses/${created.sWarehouseId}`),
      404,
      'NOT_FOUND',
    );
    expect(json<{ total: number }>(await stranger.call('GET', 'warehouses')).total).toBe(0);
    await expect(
      t.app.marketplace.warehouses.requireWarehouse(
        t.db,
        stranger.enterpriseId,
        created.sWarehouseId,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      t.app.marketplace.warehouses.requireWarehouse(t.db, buyer.enterpriseId, 'nope'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (
        await t.app.marketplace.warehouses.requireWarehouse(
          t.db,
          buyer.enterpriseId,
          created.sWarehouseId,
        )
      ).name,
    ).toBe('Chicago DC');
    expect(
      json<{ warehouse: WarehouseAnswer }>(
        await buyer.call('GET', `warehouses/${created.sWarehouseId}`),
      ).warehouse.sName,
    ).toBe('Chicago DC');

    const vendor = await newVendor(t);
    expectError(await vendor.call('GET', 'warehouses'), 404, 'NOT_FOUND');
    expectError(await vendor.call('POST', 'warehouses', warehouseBody()), 404, 'NOT_FOUND');
  });

  it('refuses bad input with the field and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sName: '' }, 'sName'],
      [{ sEmail: 'not-an-email' }, 'sEmail'],
      [{ dLatitude: 90.5 }, 'dLatitude'],
      [{ dLatitude: 41.1234567 }, 'dLatitude'],
      [{ dLatitude: '41.8' }, 'dLatitude'],
      [{ dLongitude: -180.01 }, 'dLongitude'],
      [{ dLongitude: null }, 'dLongitude'],
      [{ sPostalCode: 'x'.repeat(21) }, 'sPostalCode'],
    ];
    for (const [overrides, field] of cases) {
      const response = await buyer.call('POST', 'warehouses', warehouseBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json<{ field: string }>(response).field).toBe(field);
    }
    expectError(
      await buyer.call('PUT', 'warehouses/not-a-uuid', warehouseBody()),
      404,
      'NOT_FOUND',
    );
    expect(await rowCount(t, 'warehouses')).toBe(0);
  });
});
