// The bench's reference: the dashboard's one statement through a pg.Pool in a bare Fastify,
// in its own process like the app server. Prints "listening <url>" when ready.
import Fastify from 'fastify';
import pg from 'pg';
import { DASHBOARD_SQL } from './dashboard-sql.mjs';

const enterpriseId = process.env.ENTERPRISE_ID;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => {}); // idle clients are terminated when the database is dropped
const app = Fastify();
app.get('/bare/dashboard', async () => {
  const { rows } = await pool.query(DASHBOARD_SQL, [enterpriseId]);
  const row = rows[0];
  return {
    balanceUsd: Number(row.usd_available) / 100,
    balanceMxn: Number(row.mxn_available) / 100,
    unassignedInvoices: Number(row.unassigned_invoices),
    transactionsAvailable: Number(row.conversions_available),
    forwardsActive: Number(row.forwards_active),
  };
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().finally(() => process.exit(0)));
});
