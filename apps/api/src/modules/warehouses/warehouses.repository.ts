import type { Executor } from '../../db/database.js';

export interface WarehouseFields {
  name: string;
  address: string;
  country: string;
  state: string;
  city: string;
  postalCode: string;
  phone: string;
  email: string;
  manager: string;
  /** numeric(9,6) as a decimal string, or null */
  latitude: string | null;
  longitude: string | null;
  comments: string | null;
}

function columns(fields: WarehouseFields) {
  return {
    name: fields.name,
    address: fields.address,
    country: fields.country,
    state: fields.state,
    city: fields.city,
    postal_code: fields.postalCode,
    phone: fields.phone,
    email: fields.email,
    manager: fields.manager,
    latitude: fields.latitude,
    longitude: fields.longitude,
    comments: fields.comments,
  };
}

export async function findWarehouse(db: Executor, enterpriseId: string, warehouseId: string) {
  return db
    .selectFrom('warehouses')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', warehouseId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function listWarehouses(
  db: Executor,
  enterpriseId: string,
  page: { offset: number; limit: number },
) {
  return db
    .selectFrom('warehouses')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countWarehouses(db: Executor, enterpriseId: string): Promise<number> {
  const row = await db
    .selectFrom('warehouses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWarehouse(
  db: Executor,
  warehouse: { id: string; enterpriseId: string; createdAt: Date } & WarehouseFields,
): Promise<void> {
  await db
    .insertInto('warehouses')
    .values({
      id: warehouse.id,
      enterprise_id: warehouse.enterpriseId,
      created_at: warehouse.createdAt,
      deleted_at: null,
      ...columns(warehouse),
    })
    .execute();
}

export async function updateWarehouse(
  db: Executor,
  enterpriseId: string,
  warehouseId: string,
  fields: WarehouseFields,
): Promise<number> {
  const result = await db
    .updateTable('warehouses')
    .set(columns(fields))
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', warehouseId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function softDeleteWarehouse(
  db: Executor,
  enterpriseId: string,
  warehouseId: string,
  at: Date,
): Promise<number> {
  const result = await db
    .updateTable('warehouses')
    .set({ deleted_at: at })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', warehouseId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
