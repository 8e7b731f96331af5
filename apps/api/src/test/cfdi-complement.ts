import { readCfdiSample, type CfdiSampleFile } from '../modules/cfdi/cfdi-samples.js';
import { demoCsd, sealCfdi } from './cfdi-signing.js';

export interface ComplementLine {
  uuid: string;
  currency: string;
  paid: string;
  equivalence?: string;
}

/**
 * A stamped payment complement (CFDI Pago, Pagos 2.0) of `rfc` for `lines`, paid in MXN,
 * built on a sample's header and sealed with the issuer's demo CSD.
 */
export function paymentComplement(
  rfc: string,
  sample: CfdiSampleFile,
  uuid: string,
  mxn: string,
  lines: ComplementLine[],
): string {
  const documents = lines
    .map(
      (line, index) =>
        `<pago20:DoctoRelacionado IdDocumento="${line.uuid}" MonedaDR="${line.currency}" EquivalenciaDR="${line.equivalence ?? '1'}" NumParcialidad="${index + 1}" ImpSaldoAnt="${line.paid}" ImpPagado="${line.paid}" ImpSaldoInsoluto="0.00" ObjetoImpDR="01"/>`,
    )
    .join('');
  const xml = readCfdiSample(sample)
    .replace(
      'xmlns:cfdi="http://www.sat.gob.mx/cfd/4"',
      'xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:pago20="http://www.sat.gob.mx/Pagos20"',
    )
    .replace(/ TipoDeComprobante="I"/, ' TipoDeComprobante="P"')
    .replace(/ SubTotal="[^"]*"/, ' SubTotal="0"')
    .replace(/ Total="[^"]*"/, ' Total="0"')
    .replace(/ Moneda="[^"]*"/, ' Moneda="XXX"')
    .replace(/ TipoCambio="[^"]*"/, '')
    .replace(/ MetodoPago="[^"]*"/, '')
    .replace(/ FormaPago="[^"]*"/, '')
    .replace(/ CondicionesDePago="[^"]*"/, '')
    .replace(
      /<cfdi:Conceptos>[\s\S]*<\/cfdi:Conceptos>/,
      '<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" ObjetoImp="01"/></cfdi:Conceptos>',
    )
    .replace(
      /<cfdi:Impuestos TotalImpuestosTrasladados[\s\S]*?<\/cfdi:Impuestos>\s*<cfdi:Complemento>/,
      '<cfdi:Complemento>',
    )
    .replace(
      '<cfdi:Complemento>',
      `<cfdi:Complemento><pago20:Pagos Version="2.0"><pago20:Totales MontoTotalPagos="${mxn}"/><pago20:Pago FechaPago="2026-11-20T12:00:00" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="${mxn}">${documents}</pago20:Pago></pago20:Pagos>`,
    )
    .replace(/ UUID="[^"]*"/, ` UUID="${uuid}"`);
  return sealCfdi(xml, demoCsd(rfc));
}
