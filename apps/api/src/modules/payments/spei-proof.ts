import {
  COMPANY_TIME_ZONE,
  maskAccount,
  moneyToNumber,
  parseMoney,
  SPEI_PROOF_FIELD_LABELS,
  type Language,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './payments.repository.js';
import type { PaymentStatus } from './payments.repository.js';
import { formatInstantText, formatMoneyText, labelledLine, PDF_FONT, renderPdf } from './pdf.js';
import { findCepData, type CepData } from '../rails/stp/cep.js';
import { findPayer } from './spei-proof.repository.js';

/** Who sends SPEI transfers for the platform (the payout rail's participant). */
export const SENDING_INSTITUTION = 'Pesos & Produce';

/** The evidence of one SPEI payout, CEP-style: who paid whom, how much, when, with which key. */
export interface SpeiProof {
  sPaymentId: string;
  iTrackingId: number;
  sTrackingKey: string;
  sStatus: PaymentStatus;
  sReturnReason: string | null;
  /** When the transfer was ordered. */
  created_at: string;
  /** When it was liquidated (COMPLETED), or null. */
  completed_at: string | null;
  dAmount: number;
  sCurrency: 'MXN';
  sConcept: string;
  sSendingInstitution: string;
  issuer: { sName: string; sTaxId: string | null };
  payee: { sName: string; sTaxId: string; sBankName: string; sAccountNumber: string };
  /** Banxico's CEP lookup of a payout STP settled (null otherwise). */
  cep: {
    sFechaOperacion: string;
    sClaveRastreo: string;
    sEmisor: string;
    sEmisorName: string;
    sReceptor: string;
    sReceptorName: string;
    sCuentaBeneficiario: string;
    dMonto: number;
    sUrl: string;
  } | null;
}

const TEXT = {
  en: {
    title: 'SPEI transfer proof',
    subtitle: 'CEP-style evidence of a payout to a supplier in Mexico',
    ...SPEI_PROOF_FIELD_LABELS.en,
    reference: 'Payment number',
    statuses: { PROCESSING: 'In process', COMPLETED: 'Liquidated', RETURNED: 'Returned' },
    footer:
      'Issued by Pesos & Produce from its payout records. The official CEP of a liquidated transfer is issued by Banco de México (banxico.org.mx/cep) with the tracking key, date, amount and CLABE shown here.',
  },
  sp: {
    title: 'Comprobante de transferencia SPEI',
    subtitle: 'Evidencia tipo CEP de un pago a un proveedor en México',
    ...SPEI_PROOF_FIELD_LABELS.sp,
    reference: 'Número de pago',
    statuses: { PROCESSING: 'En proceso', COMPLETED: 'Liquidada', RETURNED: 'Devuelta' },
    footer:
      'Emitido por Pesos & Produce con sus registros de pagos. El CEP oficial de una transferencia liquidada lo emite Banco de México (banxico.org.mx/cep) con la clave de rastreo, la fecha, el monto y la CLABE que aquí se muestran.',
  },
} as const;

/** SPEI evidence per payment: the proof's data and its PDF. */
export class SpeiProofService {
  constructor(protected readonly db: Db) {}

  async proof(enterpriseId: string, paymentId: string): Promise<SpeiProof> {
    return (await this.read(enterpriseId, paymentId)).proof;
  }

  /** The proof, and the paying company's time zone its PDF prints the times in. */
  private async read(
    enterpriseId: string,
    paymentId: string,
  ): Promise<{ proof: SpeiProof; timeZone: string }> {
    const view = isUuid(paymentId)
      ? await repo.findPaymentView(this.db, enterpriseId, paymentId)
      : undefined;
    if (!view) throw new AppError('NOT_FOUND', { field: 'sPaymentId' });
    const payer = await findPayer(this.db, enterpriseId);
    const proof: SpeiProof = {
      sPaymentId: view.id,
      iTrackingId: Number(view.tracking_id),
      sTrackingKey: view.tracking_key,
      sStatus: view.status,
      sReturnReason: view.return_reason,
      created_at: view.created_at.toISOString(),
      completed_at: view.completed_at?.toISOString() ?? null,
      dAmount: moneyToNumber(view.amount_mxn),
      sCurrency: 'MXN',
      sConcept: view.concept,
      sSendingInstitution: SENDING_INSTITUTION,
      issuer: { sName: payer?.name ?? '', sTaxId: payer?.tax_id ?? null },
      payee: {
        sName: view.recipient_name,
        sTaxId: view.recipient_tax_id,
        sBankName: view.recipient_bank_name,
        sAccountNumber: maskAccount(view.recipient_clabe),
      },
      cep: cepAnswer(await findCepData(this.db, view.id)),
    };
    return { proof, timeZone: payer?.time_zone ?? COMPANY_TIME_ZONE };
  }

  async pdf(enterpriseId: string, paymentId: string, language: Language): Promise<Buffer> {
    const { proof, timeZone } = await this.read(enterpriseId, paymentId);
    const text = TEXT[language];
    return renderPdf(
      { title: text.title, subject: proof.sTrackingKey, createdAt: new Date(proof.created_at) },
      (doc) => {
        doc.font(PDF_FONT.bold).fontSize(20).text(text.title);
        doc.font(PDF_FONT.regular).fontSize(11).fillColor('#555555').text(text.subtitle);
        doc.moveDown();
        labelledLine(doc, text.trackingKey, proof.sTrackingKey);
        labelledLine(doc, text.status, text.statuses[proof.sStatus]);
        if (proof.sStatus === 'RETURNED') {
          labelledLine(doc, text.returnReason, proof.sReturnReason ?? text.none);
        }
        labelledLine(
          doc,
          text.ordered,
          formatInstantText(new Date(proof.created_at), language, timeZone),
        );
        if (proof.completed_at && proof.sStatus === 'COMPLETED') {
          labelledLine(
            doc,
            text.liquidated,
            formatInstantText(new Date(proof.completed_at), language, timeZone),
          );
        }
        labelledLine(doc, text.reference, `#${proof.iTrackingId}`);
        doc.moveDown();
        labelledLine(doc, text.sending, proof.sSendingInstitution);
        labelledLine(doc, text.issuer, proof.issuer.sName);
        labelledLine(doc, text.issuerTaxId, proof.issuer.sTaxId ?? text.none);
        doc.moveDown();
        labelledLine(doc, text.receiving, proof.payee.sBankName);
        labelledLine(doc, text.payee, proof.payee.sName);
        labelledLine(doc, text.payeeTaxId, proof.payee.sTaxId);
        labelledLine(doc, text.clabe, proof.payee.sAccountNumber);
        doc.moveDown();
        labelledLine(doc, text.amount, `$${formatMoneyText(parseMoney(proof.dAmount))} MXN`);
        labelledLine(doc, text.concept, proof.sConcept);
        doc.moveDown(2);
        doc.font(PDF_FONT.regular).fontSize(8).fillColor('#777777').text(text.footer);
      },
    );
  }
}

function cepAnswer(cep: CepData | null): SpeiProof['cep'] {
  if (!cep) return null;
  return {
    sFechaOperacion: cep.fechaOperacion,
    sClaveRastreo: cep.claveRastreo,
    sEmisor: cep.emisor,
    sEmisorName: cep.emisorName,
    sReceptor: cep.receptor,
    sReceptorName: cep.receptorName,
    sCuentaBeneficiario: cep.cuentaBeneficiario,
    dMonto: moneyToNumber(cep.amountMxn),
    sUrl: cep.url,
  };
}
