import { sql, type Kysely } from 'kysely';

/**
 * `stp_orders`: each payout's life at STP, one row per payment sent through the STP rail.
 * The row is written before the call to STP (state PENDING), so a payout whose process died
 * between its ledger write and STP's answer is found again and looked up by its tracking key
 * before it is sent a second time. `stp_id` is STP's `resultado.id`; the callback of
 * `orden-estado` names the order by it. SENT → SETTLED | RETURNED | CANCELLED; REFUSED is
 * STP's `descripcionError` (the money went back to the company at once).
 * `fecha_operacion` and `settled_at` are what Banxico's CEP is looked up by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stp_orders (
      payment_id uuid primary key references payments(id),
      clave_rastreo text not null unique,
      referencia_numerica integer not null check (referencia_numerica between 0 and 9999999),
      state text not null default 'PENDING'
        check (state in ('PENDING', 'SENT', 'REFUSED', 'SETTLED', 'RETURNED', 'CANCELLED')),
      stp_id bigint unique,
      attempts integer not null default 0,
      last_error text,
      fecha_operacion text,
      settled_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`
    create index stp_orders_pending on stp_orders (updated_at) where state = 'PENDING'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stp_orders`.execute(db);
}
