import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { FinanceServices } from './finance.js';

/**
 * The marketplace services, built once per app. Helper M1 owns catalogue, vendor
 * articles, carts, warehouses and profiles; helper M2 owns orders (checkout), disputes
 * and ratings. Each adds its services and route registrations at the marked places only.
 */
export interface MarketplaceServices {
  db: Db;
  now: () => Date;
  config: Config;
  storage: FileStorage;
  finance: FinanceServices;
  // M1 services:
  // M2 services:
}

export function createMarketplaceServices(deps: {
  db: Db;
  now: () => Date;
  config: Config;
  storage: FileStorage;
  finance: FinanceServices;
}): MarketplaceServices {
  // M1 construction:
  // M2 construction:
  return {
    ...deps,
    // M1 entries:
    // M2 entries:
  };
}

/** The marketplace endpoints, under /api/v1/{lang}/. */
export async function marketplaceRoutes(
  _app: FastifyInstance,
  _options: { services: MarketplaceServices },
): Promise<void> {
  // M1 routes:
  // M2 routes:
}
