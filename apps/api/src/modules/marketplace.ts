import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { FinanceServices } from './finance.js';
import type { AuthService } from './auth/auth.service.js';
import { CartService } from './cart/cart.service.js';
import { WarehousesService } from './warehouses/warehouses.service.js';
import { cartRoutes } from './cart/cart.routes.js';
import { CatalogService } from './catalog/catalog.service.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { ProfileService } from './profile/profile.service.js';
import { BankChangesService } from './bank-changes/bank-changes.service.js';
import { bankChangesRoutes } from './bank-changes/bank-changes.routes.js';
import { GrowerVerificationService } from './grower-verification/grower-verification.service.js';
import { growerVerificationRoutes } from './grower-verification/grower-verification.routes.js';
import { HouseIncomeService } from './house-income/house-income.service.js';
import { houseIncomeRoutes } from './house-income/house-income.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { VendorArticlesService } from './vendor-articles/vendor-articles.service.js';
import { vendorArticlesRoutes } from './vendor-articles/vendor-articles.routes.js';
import { warehousesRoutes } from './warehouses/warehouses.routes.js';
import { DisputesService } from './disputes/disputes.service.js';
import { disputesRoutes } from './disputes/disputes.routes.js';
import { OrdersService } from './orders/orders.service.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { OrderDocumentsService } from './order-documents/order-documents.service.js';
import { orderDocumentsRoutes } from './order-documents/order-documents.routes.js';

/**
 * The marketplace services, built once per app: the shop's own (catalogue, vendor articles,
 * carts, warehouses, profiles, bank changes, the
 * back office's verification of growers), then the orders and what hangs on them
 * (disputes, order documents), which are built from the shop's.
 */
export interface MarketplaceServices {
  db: Db;
  now: () => Date;
  config: Config;
  storage: FileStorage;
  finance: FinanceServices;
  // The shop:
  auth: AuthService;
  cart: CartService;
  warehouses: WarehousesService;
  catalog: CatalogService;
  vendorArticles: VendorArticlesService;
  profile: ProfileService;
  bankChanges: BankChangesService;
  verification: GrowerVerificationService;
  houseIncome: HouseIncomeService;
  // Orders and what hangs on them:
  orders: OrdersService;
  disputes: DisputesService;
  orderDocuments: OrderDocumentsService;
}

/** What the marketplace services are built from: the app's shared pieces. */
type MarketplaceDeps = Pick<
  MarketplaceServices,
  'db' | 'now' | 'config' | 'storage' | 'finance' | 'auth'
>;

export function createMarketplaceServices(deps: MarketplaceDeps): MarketplaceServices {
  const cart = new CartService(deps.db, deps.now);
  const warehouses = new WarehousesService(deps.db, deps.now);
  const catalog = new CatalogService(deps.db, deps.storage);
  const vendorArticles = new VendorArticlesService(
    deps.db,
    deps.storage,
    deps.now,
    deps.config.MAX_IMAGE_PIXELS,
  );
  const profile = new ProfileService(deps.db, deps.auth, deps.now);
  const bankChanges = new BankChangesService(deps.db, deps.now);
  const verification = new GrowerVerificationService(deps.db, deps.now);
  const houseIncome = new HouseIncomeService(deps.db, deps.now);
  // Orders are built from the shop's carts and warehouses:
  const orders = new OrdersService(deps.db, deps.finance, cart, warehouses, deps.config, deps.now);
  const disputes = new DisputesService(
    deps.db,
    orders,
    deps.storage,
    deps.now,
    deps.config.MAX_IMAGE_PIXELS,
  );
  // A buyer's count that differs from the grower's opens a dispute the usual way.
  orders.fulfilment.disputes = disputes;
  const orderDocuments = new OrderDocumentsService(deps.db, orders, deps.now);
  return {
    ...deps,
    cart,
    warehouses,
    catalog,
    vendorArticles,
    profile,
    bankChanges,
    verification,
    houseIncome,
    orders,
    disputes,
    orderDocuments,
  };
}

/** The marketplace endpoints, under /api/v1/{lang}/. */
export async function marketplaceRoutes(
  app: FastifyInstance,
  options: { services: MarketplaceServices },
): Promise<void> {
  const services = options.services;
  await app.register(catalogRoutes, { catalog: services.catalog });
  await app.register(vendorArticlesRoutes, { vendorArticles: services.vendorArticles });
  await app.register(cartRoutes, { cart: services.cart });
  await app.register(warehousesRoutes, { warehouses: services.warehouses });
  await app.register(profileRoutes, { profile: services.profile });
  await app.register(bankChangesRoutes, { bankChanges: services.bankChanges });
  await app.register(growerVerificationRoutes, { verification: services.verification });
  await app.register(houseIncomeRoutes, { houseIncome: services.houseIncome });
  await app.register(ordersRoutes, {
    orders: options.services.orders,
    approvals: options.services.finance.approvals,
  });
  await app.register(disputesRoutes, { disputes: options.services.disputes });
  await app.register(orderDocumentsRoutes, { documents: options.services.orderDocuments });
}
