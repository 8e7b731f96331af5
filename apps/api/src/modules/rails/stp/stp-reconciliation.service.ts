import { randomUUID } from 'node:crypto';
import { moneyToNumber, parseMoney } from '@app/domain';
import type { Db } from '../../../db/database.js';
import type { StpDifferenceKind } from '../../../db/schema.js';
import type { StpClient, StpConciliacionEntry } from './stp-client.js';

export interface StpDifference {
  sDirection: 'OUT' | 'IN';
  sKind: StpDifferenceKind;
  sTrackingKey: string;
  dAmountHere: number | null;
  dAmountStp: number | null;
  sPaymentId: string | null;
  sEnterpriseId: string | null;
}

export interface StpReconciliation {
  sDate: string;
  /** When the day was last compared with STP; null: never (no answer, not an empty day). */
  ran_at: string | null;
  iSentAtStp: number;
  iReceivedAtStp: number;
  iCount: number;
  differences: StpDifference[];
}

/** STP's amount (pesos) in centavos; a value STP should never send counts as none. */
function centsOf(entry: StpConciliacionEntry): bigint | null {
  try {
    return parseMoney(entry.monto);
  } catch {
    return null;
  }
}

/**
 * The day's orders sent and transfers received at STP (its conciliation call) against what
 * the ledger says: payouts STP settled that day and incoming SPEI credited that day. Every
 * difference is kept for the operator, by day; a run replaces the day's earlier one.
 */
export class StpReconciliationService {
  constructor(
    private readonly db: Db,
    private readonly client: StpClient,
    private readonly now: () => Date,
  ) {}

  /** Compares `day` (YYYY-MM-DD, an operation day) and stores its differences. */
  async run(day: string): Promise<StpReconciliation> {
    const fecha = day.replaceAll('-', '');
    const [sent, received] = await Promise.all([
      this.client.conciliacion('E', fecha),
      this.client.conciliacion('R', fecha),
    ]);
    const differences: Omit<StpDifference, 'dAmountHere' | 'dAmountStp'>[] = [];
    const amounts: Array<{ here: bigint | null; stp: bigint | null }> = [];
    const add = (
      difference: Omit<StpDifference, 'dAmountHere' | 'dAmountStp'>,
      here: bigint | null,
      stp: bigint | null,
    ) => {
      differences.push(difference);
      amounts.push({ here, stp });
    };

    // Payouts: settled here on that day, against STP's orders sent.
    const ours = await this.db
      .selectFrom('stp_orders')
      .innerJoin('payments', 'payments.id', 'stp_orders.payment_id')
      .select([
        'stp_orders.clave_rastreo',
        'payments.id',
        'payments.enterprise_id',
        'payments.amount_mxn',
      ])
      .where('stp_orders.fecha_operacion', '=', fecha)
      .where('stp_orders.state', 'in', ['SETTLED', 'RETURNED'])
      .execute();
    const sentByKey = new Map(sent.map((entry) => [entry.claveRastreo, entry]));
    for (const order of ours) {
      const base = {
        sDirection: 'OUT' as const,
        sTrackingKey: order.clave_rastreo,
        sPaymentId: order.id,
        sEnterpriseId: order.enterprise_id,
      };
      const atStp = sentByKey.get(order.clave_rastreo);
      if (!atStp) add({ ...base, sKind: 'PAID_HERE_NOT_AT_STP' }, order.amount_mxn, null);
      else if (centsOf(atStp) !== order.amount_mxn) {
        add({ ...base, sKind: 'AMOUNT_DIFFERS' }, order.amount_mxn, centsOf(atStp));
      }
    }
    const ourKeys = new Set(ours.map((order) => order.clave_rastreo));
    for (const entry of sent) {
      if (ourKeys.has(entry.claveRastreo)) continue;
      // Known but not settled on that day here (still SENT, or settled another day).
      const known = await this.db
        .selectFrom('stp_orders')
        .innerJoin('payments', 'payments.id', 'stp_orders.payment_id')
        .select(['payments.id', 'payments.enterprise_id', 'payments.amount_mxn'])
        .where('stp_orders.clave_rastreo', '=', entry.claveRastreo)
        .executeTakeFirst();
      add(
        {
          sDirection: 'OUT',
          sKind: 'AT_STP_NOT_HERE',
          sTrackingKey: entry.claveRastreo,
          sPaymentId: known?.id ?? null,
          sEnterpriseId: known?.enterprise_id ?? null,
        },
        known?.amount_mxn ?? null,
        centsOf(entry),
      );
    }

    // Incoming SPEI: credited here with that operation date, against STP's received.
    const credited = await this.db
      .selectFrom('stp_abonos')
      .select(['clave_rastreo', 'institucion_ordenante', 'amount_mxn', 'enterprise_id', 'outcome'])
      .where('fecha_operacion', '=', fecha)
      .execute();
    const creditedByKey = new Map(
      credited.map((row) => [`${row.clave_rastreo}|${row.institucion_ordenante}`, row]),
    );
    const receivedKeys = new Set<string>();
    for (const entry of received) {
      const key = `${entry.claveRastreo}|${entry.institucion}`;
      receivedKeys.add(key);
      const here = creditedByKey.get(key);
      const base = {
        sDirection: 'IN' as const,
        sTrackingKey: entry.claveRastreo,
        sPaymentId: null,
      };
      if (!here || here.outcome !== 'CREDITED') {
        // Returned to its sender (unknown CLABE) is not money we hold: STP lists it returned.
        if (here?.outcome === 'RETURNED_UNKNOWN_ACCOUNT') continue;
        add({ ...base, sKind: 'RECEIVED_NOT_CREDITED', sEnterpriseId: null }, null, centsOf(entry));
      } else if (centsOf(entry) !== here.amount_mxn) {
        add(
          { ...base, sKind: 'AMOUNT_DIFFERS', sEnterpriseId: here.enterprise_id },
          here.amount_mxn,
          centsOf(entry),
        );
      }
    }
    for (const row of credited) {
      if (row.outcome !== 'CREDITED') continue;
      if (receivedKeys.has(`${row.clave_rastreo}|${row.institucion_ordenante}`)) continue;
      add(
        {
          sDirection: 'IN',
          sKind: 'CREDITED_NOT_AT_STP',
          sTrackingKey: row.clave_rastreo,
          sPaymentId: null,
          sEnterpriseId: row.enterprise_id,
        },
        row.amount_mxn,
        null,
      );
    }

    const ranAt = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stp_reconciliation_runs').where('day', '=', day).execute();
      await trx
        .insertInto('stp_reconciliation_runs')
        .values({
          day,
          ran_at: ranAt,
          sent_count: sent.length,
          received_count: received.length,
        })
        .execute();
      if (differences.length) {
        await trx
          .insertInto('stp_reconciliation_differences')
          .values(
            differences.map((difference, index) => ({
              id: randomUUID(),
              day,
              direction: difference.sDirection,
              kind: difference.sKind,
              clave_rastreo: difference.sTrackingKey,
              amount_here: amounts[index]?.here ?? null,
              amount_stp: amounts[index]?.stp ?? null,
              payment_id: difference.sPaymentId,
              enterprise_id: difference.sEnterpriseId,
            })),
          )
          .execute();
      }
    });
    return this.read(day);
  }

  /** The day's stored reconciliation (ran_at null when the day was never compared). */
  async read(day: string): Promise<StpReconciliation> {
    const run = await this.db
      .selectFrom('stp_reconciliation_runs')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('stp_reconciliation_differences')
      .selectAll()
      .where('day', '=', day)
      .orderBy('direction')
      .orderBy('kind')
      .orderBy('clave_rastreo')
      .execute();
    return {
      sDate: day,
      ran_at: run?.ran_at.toISOString() ?? null,
      iSentAtStp: run?.sent_count ?? 0,
      iReceivedAtStp: run?.received_count ?? 0,
      iCount: rows.length,
      differences: rows.map((row) => ({
        sDirection: row.direction,
        sKind: row.kind,
        sTrackingKey: row.clave_rastreo,
        dAmountHere: row.amount_here === null ? null : moneyToNumber(row.amount_here),
        dAmountStp: row.amount_stp === null ? null : moneyToNumber(row.amount_stp),
        sPaymentId: row.payment_id,
        sEnterpriseId: row.enterprise_id,
      })),
    };
  }
}
