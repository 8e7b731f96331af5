import type { Executor } from '../../db/database.js';

/** SQL of the trade documents: the two companies and the warehouse of an order. */

/** The legal details of the order's buyer and grower (ids come from an order the caller may see). */
export async function findCompanies(db: Executor, enterpriseIds: readonly string[]) {
  if (enterpriseIds.length === 0) return [];
  return db
    .selectFrom('enterprises')
    .select(['id', 'name', 'legal_address', 'paca_license', 'tax_id', 'time_zone'])
    .where('id', 'in', enterpriseIds)
    .execute();
}

/** The order's warehouse with its dock contact, scoped by the buyer that owns it. */
export async function findWarehouseContact(
  db: Executor,
  buyerEnterpriseId: string,
  warehouseId: string,
) {
  return db
    .selectFrom('warehouses')
    .select([
      'name',
      'address',
      'city',
      'state',
      'country',
      'postal_code',
      'phone',
      'email',
      'manager',
      'comments',
    ])
    .where('id', '=', warehouseId)
    .where('enterprise_id', '=', buyerEnterpriseId)
    .executeTakeFirst();
}
