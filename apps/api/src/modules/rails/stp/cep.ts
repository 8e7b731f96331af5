import { bankNameFromClabe, moneyToDecimalString, type Language } from '@app/domain';
import type { Executor } from '../../../db/database.js';
import { STP_INSTITUTION, institucionOf } from './stp-payout-rail.js';

/**
 * What a person needs to fetch Banxico's CEP (Comprobante Electrónico de Pago) of a settled
 * SPEI payout: operation date, tracking key, sending and receiving bank, beneficiary CLABE
 * and amount (DOMAIN.md §SPEI), and a link to Banxico's lookup with them filled in.
 */
export interface CepData {
  /** YYYY-MM-DD, Mexico City's date of the liquidation. */
  fechaOperacion: string;
  claveRastreo: string;
  emisor: string;
  emisorName: string;
  receptor: string;
  receptorName: string;
  cuentaBeneficiario: string;
  amountMxn: bigint;
  url: string;
}

/** Banxico's CEP page. */
export const CEP_PAGE = 'https://www.banxico.org.mx/cep/';

/**
 * The lookup with its fields filled in, as Banxico's CEP form sends them (`valida.do`;
 * field names as cuenca-mx/cep-python sends them, docs/RAILS.md): date dd-mm-yyyy, search by
 * tracking key (`tipoCriterio` T), sending and receiving institution, account and amount.
 */
export function cepUrl(data: Omit<CepData, 'url' | 'emisorName' | 'receptorName'>): string {
  const [year, month, day] = data.fechaOperacion.split('-');
  const query = new URLSearchParams({
    tipoCriterio: 'T',
    fecha: `${day}-${month}-${year}`,
    criterio: data.claveRastreo,
    emisor: data.emisor,
    receptor: data.receptor,
    cuenta: data.cuentaBeneficiario,
    receptorParticipante: '0',
    monto: moneyToDecimalString(data.amountMxn),
  });
  return `${CEP_PAGE}valida.do?${query.toString()}`;
}

/** The CEP data of a payout STP settled, or null (not sent through STP, or not settled). */
export async function findCepData(db: Executor, paymentId: string): Promise<CepData | null> {
  const row = await db
    .selectFrom('stp_orders')
    .innerJoin('payments', 'payments.id', 'stp_orders.payment_id')
    .select([
      'stp_orders.clave_rastreo',
      'stp_orders.fecha_operacion',
      'payments.paid_clabe',
      'payments.amount_mxn',
      'payments.status',
    ])
    .where('stp_orders.payment_id', '=', paymentId)
    .where('stp_orders.state', '=', 'SETTLED')
    .executeTakeFirst();
  if (!row?.fecha_operacion || row.status !== 'COMPLETED') return null;
  const f = row.fecha_operacion;
  const base = {
    fechaOperacion: `${f.slice(0, 4)}-${f.slice(4, 6)}-${f.slice(6, 8)}`,
    claveRastreo: row.clave_rastreo,
    emisor: STP_INSTITUTION,
    receptor: institucionOf(row.paid_clabe),
    cuentaBeneficiario: row.paid_clabe,
    amountMxn: row.amount_mxn,
  };
  return {
    ...base,
    emisorName: 'STP',
    receptorName: bankNameFromClabe(row.paid_clabe) ?? institucionOf(row.paid_clabe),
    url: cepUrl(base),
  };
}

export const CEP_LABELS: Record<
  Language,
  {
    title: string;
    date: string;
    trackingKey: string;
    sending: string;
    receiving: string;
    account: string;
    amount: string;
    link: string;
  }
> = {
  en: {
    title: 'Proof of payment (Banxico CEP)',
    date: 'Operation date',
    trackingKey: 'Tracking key',
    sending: 'Sending bank',
    receiving: 'Receiving bank',
    account: 'Beneficiary CLABE',
    amount: 'Amount',
    link: 'Look it up at',
  },
  sp: {
    title: 'Comprobante Electrónico de Pago (CEP de Banxico)',
    date: 'Fecha de operación',
    trackingKey: 'Clave de rastreo',
    sending: 'Banco emisor',
    receiving: 'Banco receptor',
    account: 'CLABE del beneficiario',
    amount: 'Monto',
    link: 'Consúltalo en',
  },
};
