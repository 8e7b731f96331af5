import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { WarehousesTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './warehouses.repository.js';
import type { WarehouseFields } from './warehouses.repository.js';

export type { WarehouseFields } from './warehouses.repository.js';

export interface WarehouseAnswer {
  sWarehouseId: string;
  sName: string;
  sAddress: string;
  sCountry: string;
  sState: string;
  sCity: string;
  sPostalCode: string;
  sPhone: string;
  sEmail: string;
  sManager: string;
  dLatitude: number | null;
  dLongitude: number | null;
  sComments: string | null;
  created_at: string;
}

export function toWarehouseAnswer(row: WarehousesTable): WarehouseAnswer {
  return {
    sWarehouseId: row.id,
    sName: row.name,
    sAddress: row.address,
    sCountry: row.country,
    sState: row.state,
    sCity: row.city,
    sPostalCode: row.postal_code,
    sPhone: row.phone,
    sEmail: row.email,
    sManager: row.manager,
    dLatitude: row.latitude === null ? null : Number(row.latitude),
    dLongitude: row.longitude === null ? null : Number(row.longitude),
    sComments: row.comments,
    created_at: row.created_at.toISOString(),
  };
}

/** A buyer's delivery warehouses (checkout needs at least one). Deleting is soft. */
export class WarehousesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The enterprise's live warehouse, or 404 NOT_FOUND (field sWarehouseId). */
  async requireWarehouse(db: Executor, enterpriseId: string, warehouseId: string) {
    const row = isUuid(warehouseId)
      ? await repo.findWarehouse(db, enterpriseId, warehouseId)
      : undefined;
    if (!row) throw new AppError('NOT_FOUND', { field: 'sWarehouseId' });
    return row;
  }

  async countWarehouses(db: Executor, enterpriseId: string): Promise<number> {
    return repo.countWarehouses(db, enterpriseId);
  }

  async list(enterpriseId: string, page: number, limit: number) {
    const [rows, total] = await Promise.all([
      repo.listWarehouses(this.db, enterpriseId, { offset: (page - 1) * limit, limit }),
      repo.countWarehouses(this.db, enterpriseId),
    ]);
    return { warehouses: rows.map(toWarehouseAnswer), total, page, limit };
  }

  async get(enterpriseId: string, warehouseId: string): Promise<WarehouseAnswer> {
    return toWarehouseAnswer(await this.requireWarehouse(this.db, enterpriseId, warehouseId));
  }

  async create(enterpriseId: string, fields: WarehouseFields): Promise<WarehouseAnswer> {
    const id = randomUUID();
    await repo.insertWarehouse(this.db, { id, enterpriseId, createdAt: this.now(), ...fields });
    return this.get(enterpriseId, id);
  }

  async update(
    enterpriseId: string,
    warehouseId: string,
    fields: WarehouseFields,
  ): Promise<WarehouseAnswer> {
    if (!isUuid(warehouseId)) throw new AppError('NOT_FOUND');
    const updated = await repo.updateWarehouse(this.db, enterpriseId, warehouseId, fields);
    if (updated === 0) throw new AppError('NOT_FOUND');
    return this.get(enterpriseId, warehouseId);
  }

  async remove(enterpriseId: string, warehouseId: string): Promise<void> {
    if (!isUuid(warehouseId)) throw new AppError('NOT_FOUND');
    const removed = await repo.softDeleteWarehouse(this.db, enterpriseId, warehouseId, this.now());
    if (removed === 0) throw new AppError('NOT_FOUND');
  }
}
