import { randomUUID } from 'node:crypto';
import { clabeCheckDigit, moneyToDecimalString, parseMoney } from '@app/domain';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { journalText } from '../../../ledger/journal-description.js';
import type { LedgerService } from '../../../ledger/ledger.service.js';
import { publishEvent } from '../../events/publish-event.js';

/** Banxico's return cause STP answers for a transfer to an account that does not exist. */
export const CAUSA_CUENTA_INEXISTENTE = 1;

/** A company's deposit CLABE: the platform's STP prefix (10 digits), 7 of its own, a check digit. */
export function depositClabe(stpAccount: string, accountNumber: bigint): string {
  const first17 = `${stpAccount.slice(0, 10)}${accountNumber.toString().padStart(7, '0')}`;
  if (first17.length !== 17) throw new Error('Deposit account numbers are exhausted');
  return `${first17}${clabeCheckDigit(first17)}`;
}

/** The first value among STP's two spellings of a field (`claveRastreo`, `ClaveRastreo`). */
function field(body: Record<string, unknown>, name: string): unknown {
  return body[name] ?? body[name.charAt(0).toUpperCase() + name.slice(1)];
}

function textOf(value: unknown, max: number): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** An abono's identity and money, or the first field it lacks. */
export function readAbono(body: Record<string, unknown>):
  | {
      ok: true;
      abono: {
        stpId: bigint | null;
        claveRastreo: string;
        institucionOrdenante: string;
        fechaOperacion: string;
        cuentaBeneficiario: string;
        amountMxn: bigint;
        nombreOrdenante: string;
        conceptoPago: string;
      };
    }
  | { ok: false; field: string } {
  const claveRastreo = textOf(field(body, 'claveRastreo'), 30);
  if (!claveRastreo) return { ok: false, field: 'claveRastreo' };
  const institucionOrdenante = textOf(field(body, 'institucionOrdenante'), 5);
  if (!institucionOrdenante || !/^\d{5}$/.test(institucionOrdenante)) {
    return { ok: false, field: 'institucionOrdenante' };
  }
  const fechaOperacion = textOf(field(body, 'fechaOperacion'), 8);
  if (!fechaOperacion || !/^\d{8}$/.test(fechaOperacion)) {
    return { ok: false, field: 'fechaOperacion' };
  }
  const cuentaBeneficiario = textOf(field(body, 'cuentaBeneficiario'), 18);
  if (!cuentaBeneficiario || !/^\d{10,18}$/.test(cuentaBeneficiario)) {
    return { ok: false, field: 'cuentaBeneficiario' };
  }
  const monto = field(body, 'monto');
  let amountMxn: bigint;
  try {
    if (typeof monto !== 'number' && typeof monto !== 'string') throw new Error('monto');
    amountMxn = parseMoney(monto);
  } catch {
    return { ok: false, field: 'monto' };
  }
  if (amountMxn <= 0n) return { ok: false, field: 'monto' };
  const id = textOf(field(body, 'id'), 18);
  return {
    ok: true,
    abono: {
      stpId: id && /^\d+$/.test(id) ? BigInt(id) : null,
      claveRastreo,
      institucionOrdenante,
      fechaOperacion,
      cuentaBeneficiario,
      amountMxn,
      nombreOrdenante: (textOf(field(body, 'nombreOrdenante'), 120) ?? '').slice(0, 120),
      conceptoPago: (textOf(field(body, 'conceptoPago'), 120) ?? '').slice(0, 120),
    },
  };
}

export type AbonoAnswer = { mensaje: 'confirmar' } | { mensaje: 'devolver'; id: number };

/**
 * Money in by SPEI: each company's own CLABE under the platform's STP account, and STP's
 * notice of each transfer to one ("abono"), which credits that company's MXN once per
 * tracking key + sending bank + operation date. A transfer to a CLABE of no company is
 * recorded for the operator and answered with STP's return (`devolver`, cause 1).
 */
export class StpDepositsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly stpAccount: string,
    private readonly now: () => Date,
  ) {}

  /** The company's deposit CLABE, given on first use and never changed. */
  async depositClabe(enterpriseId: string): Promise<string> {
    const existing = await this.db
      .selectFrom('stp_deposit_accounts')
      .select('clabe')
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    if (existing) return existing.clabe;
    const { number } = await sql<{
      number: string;
    }>`select nextval('stp_deposit_account_numbers')::text as number`
      .execute(this.db)
      .then((result) => result.rows[0] ?? { number: '' });
    const accountNumber = BigInt(number);
    await this.db
      .insertInto('stp_deposit_accounts')
      .values({
        enterprise_id: enterpriseId,
        account_number: accountNumber,
        clabe: depositClabe(this.stpAccount, accountNumber),
        created_at: this.now(),
      })
      .onConflict((conflict) => conflict.column('enterprise_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('stp_deposit_accounts')
      .select('clabe')
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirstOrThrow();
    return row.clabe;
  }

  /**
   * The incoming transfers answered with a return because their CLABE is no company's,
   * newest first: the operator follows them up with the sender.
   */
  async returnedAbonos(limit: number) {
    return this.db
      .selectFrom('stp_abonos')
      .select([
        'id',
        'clave_rastreo',
        'institucion_ordenante',
        'fecha_operacion',
        'cuenta_beneficiario',
        'amount_mxn',
        'nombre_ordenante',
        'concepto_pago',
        'created_at',
      ])
      .where('outcome', '=', 'RETURNED_UNKNOWN_ACCOUNT')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async receive(body: Record<string, unknown>): Promise<AbonoAnswer> {
    const read = readAbono(body);
    if (!read.ok) throw new AppError('INVALID_INPUT', { field: read.field });
    const { abono } = read;
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('stp_deposit_accounts')
        .select('enterprise_id')
        .where('clabe', '=', abono.cuentaBeneficiario)
        .executeTakeFirst();
      const id = randomUUID();
      const inserted = await trx
        .insertInto('stp_abonos')
        .values({
          id,
          stp_id: abono.stpId,
          clave_rastreo: abono.claveRastreo,
          institucion_ordenante: abono.institucionOrdenante,
          fecha_operacion: abono.fechaOperacion,
          cuenta_beneficiario: abono.cuentaBeneficiario,
          enterprise_id: owner?.enterprise_id ?? null,
          amount_mxn: abono.amountMxn,
          nombre_ordenante: abono.nombreOrdenante,
          concepto_pago: abono.conceptoPago,
          outcome: owner ? 'CREDITED' : 'RETURNED_UNKNOWN_ACCOUNT',
          body: JSON.stringify(body),
          created_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['clave_rastreo', 'institucion_ordenante', 'fecha_operacion'])
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // The same transfer again: answer what the first notice was answered.
        const first = await trx
          .selectFrom('stp_abonos')
          .select('outcome')
          .where('clave_rastreo', '=', abono.claveRastreo)
          .where('institucion_ordenante', '=', abono.institucionOrdenante)
          .where('fecha_operacion', '=', abono.fechaOperacion)
          .executeTakeFirstOrThrow();
        return first.outcome === 'CREDITED'
          ? { mensaje: 'confirmar' as const }
          : { mensaje: 'devolver' as const, id: CAUSA_CUENTA_INEXISTENTE };
      }
      if (!owner) return { mensaje: 'devolver' as const, id: CAUSA_CUENTA_INEXISTENTE };
      const journalId = await this.ledger.post(trx, {
        enterpriseId: owner.enterprise_id,
        kind: 'ADD_FUNDS',
        ...journalText({
          code: 'SPEI_RECEIVED',
          params: {
            sender: abono.nombreOrdenante || abono.institucionOrdenante,
            trackingKey: abono.claveRastreo,
          },
        }),
        reference: abono.claveRastreo,
        createdAt: now,
        lines: [
          { account: { house: 'HOUSE_BANK_MXN' }, amount: -abono.amountMxn },
          {
            account: { enterpriseId: owner.enterprise_id, kind: 'MXN_AVAILABLE' },
            amount: abono.amountMxn,
          },
        ],
      });
      await trx
        .updateTable('stp_abonos')
        .set({ journal_id: journalId })
        .where('id', '=', id)
        .execute();
      await publishEvent(trx, {
        type: 'deposit.credited',
        sEnterpriseId: owner.enterprise_id,
        at: now,
        data: {
          sBankReference: abono.claveRastreo,
          dAmountMxn: moneyToDecimalString(abono.amountMxn),
        },
      });
      return { mensaje: 'confirmar' as const };
    });
  }
}
