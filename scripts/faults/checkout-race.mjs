// One cart checked out ten times at once over two server processes on one PostgreSQL
// database: one order is placed and every other checkout answers 409, never a 5xx (two
// checkouts used to deadlock on the buyer's lock, and PostgreSQL killed the loser: a 500).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { call, clabe, createPgDatabase, signupBody, startServer } from './lib.mjs';

export async function runCheckoutRace(t, rounds = 1) {
  const database = await createPgDatabase('faults_checkout');
  const env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '6' };
  const servers = [];
  const direct = new pg.Client({ connectionString: database.url });
  try {
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [a, b] = servers;
    await direct.connect();
    const query = async (text, params) => (await direct.query(text, params)).rows;

    const buyerBody = signupBody('race-buyer');
    const vendorBody = signupBody('race-grower');
    const operatorBody = signupBody('race-ops');
    const buyer = await call(a.base, 'POST', 'auth/signup/customer', { body: buyerBody });
    const vendor = await call(a.base, 'POST', 'auth/signup/vendor', { body: vendorBody });
    const operator = await call(b.base, 'POST', 'auth/signup/customer', { body: operatorBody });
    if (buyer.status !== 201 || vendor.status !== 201 || operator.status !== 201) {
      throw new Error(`signups ${buyer.status} ${vendor.status} ${operator.status}`);
    }
    const buyerId = buyer.body.user.sEnterpriseId;
    const vendorId = vendor.body.user.sEnterpriseId;
    // What an operator and a grower's registration would set, written directly.
    await query(`update users set role = 'operator' where email = $1`, [operatorBody.sEmail]);
    await query(`update enterprises set verified = true`);
    await query(
      `update enterprises set clabe = $2, tax_id = 'HRE120315AB1', bank_name_mxn = 'BBVA MEXICO'
       where id = $1`,
      [vendorId, clabe(4242)],
    );
    const categoryId = randomUUID();
    const subcategoryId = randomUUID();
    await query(`insert into categories (id, name_en, name_sp) values ($1, 'Fruits', 'Frutas')`, [
      categoryId,
    ]);
    await query(
      `insert into subcategories (id, category_id, name_en, name_sp)
       values ($1, $2, 'Avocados', 'Aguacates')`,
      [subcategoryId, categoryId],
    );
    const warehouseId = randomUUID();
    await query(
      `insert into warehouses (id, enterprise_id, name, address, country, state, city,
         postal_code, phone, email, manager, created_at)
       values ($1, $2, 'Chicago DC', '2401 S Ashland Ave', 'United States', 'Illinois',
         'Chicago', '60608', '+1 312 555 0100', 'dock@example.test', 'Pat Doe', now())`,
      [warehouseId, buyerId],
    );
    const login = async (server, body) => {
      const answer = await call(server.base, 'POST', 'auth/login', {
        body: { sEmail: body.sEmail, sPassword: body.sPassword },
      });
      if (answer.status !== 200) throw new Error(`login ${answer.status}`);
      return answer.body.token;
    };
    const opsToken = await login(b, operatorBody);
    const token = await login(a, buyerBody);
    const deposit = await call(b.base, 'POST', 'ops/deposits', {
      token: opsToken,
      body: { sEnterpriseId: buyerId, dAmount: 1_000_000, sReference: `WIRE-${randomUUID()}` },
    });
    if (deposit.status !== 201) throw new Error(`deposit ${deposit.status}`);

    for (let round = 0; round < rounds; round += 1) {
      const articles = [randomUUID(), randomUUID()];
      for (const [index, id] of articles.entries()) {
        await query(
          `insert into articles (id, vendor_enterprise_id, subcategory_id, name,
             price_per_box_cents, boxes_per_pallet, min_boxes, stock_boxes, created_at, updated_at)
           values ($1, $2, $3, $4, 2500, 60, 5, 1000, now(), now())`,
          [id, vendorId, subcategoryId, `Hass avocado ${round}.${index}`],
        );
        await query(
          `insert into cart_items (buyer_enterprise_id, vendor_enterprise_id, article_id,
             quantity_boxes, price_per_box_cents_seen, stock_boxes_seen, added_at)
           values ($1, $2, $3, 30, 2500, 1000, now() + make_interval(secs => $4))`,
          [buyerId, vendorId, id, index / 1000],
        );
      }
      const dashboard = await call(a.base, 'GET', 'dashboard', { token });
      const body = {
        sVendorId: vendorId,
        sWarehouseId: warehouseId,
        sPaymentMethod: 'PAY_NOW',
        sExchangeRateReference: dashboard.body.exchangeRateTodayReference,
      };
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          call(servers[index % 2].base, 'POST', 'orders/checkout', {
            token,
            body,
            headers: index % 4 < 2 ? { 'idempotency-key': randomUUID() } : {},
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      const [{ n: orders }] = await query(
        `select count(*)::int as n from order_lines where article_id = any($1::uuid[])`,
        [articles],
      );
      const stock = await query(
        `select stock_boxes from articles where id = any($1::uuid[]) order by stock_boxes`,
        [articles],
      );
      t.check(
        `checkout race: one cart checked out 10 times over two processes → one 201 and nine 409 (round ${round + 1})`,
        statuses[0] === 201 && statuses.slice(1).every((status) => status === 409),
        `${statuses.join(',')} ${JSON.stringify(answers.find((x) => x.status >= 500)?.body ?? '')}`,
      );
      t.check(
        `checkout race: one order's lines and stock taken once (round ${round + 1})`,
        orders === 2 && stock.every((row) => row.stock_boxes === 970),
        `${orders} lines, stock ${stock.map((row) => row.stock_boxes).join(',')}`,
      );
    }
  } catch (error) {
    t.check('checkout race ran', false, String(error?.stack ?? error));
  } finally {
    await direct.end().catch(() => {});
    for (const server of servers) await server.stop();
    await database.drop();
  }
}
