import { XMLParser } from 'fast-xml-parser';

/**
 * The SAT's public CFDI status service (ConsultaCFDIService, SOAP 1.1): one `Consulta` with
 * the CFDI's expression (`?re=<RFC emisor>&rr=<RFC receptor>&tt=<total>&id=<UUID>`), answered
 * with `Estado` (Vigente, Cancelado, No Encontrado). Small and shaped like the service, as
 * @nodecfdi/sat-estado-cfdi is (that package brings axios for one POST; fetch does it here).
 * Off by default (`SAT_STATUS_CHECK`): the service needs the internet, and tests answer it
 * from a local server with recorded answers.
 */

export const SAT_STATUS_URL =
  'https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc';
const SOAP_ACTION = 'http://tempuri.org/IConsultaCFDIService/Consulta';

/** What the SAT says of a CFDI; UNKNOWN is ours: the service could not be asked. */
export type SatCfdiStatus = 'VIGENTE' | 'CANCELADO' | 'NO_ENCONTRADO' | 'UNKNOWN';

export interface SatExpressionInput {
  rfcEmisor: string;
  rfcReceptor: string;
  /** The total in cents, as the CFDI states it. */
  total: bigint;
  uuid: string;
}

/** The expression the SAT's service reads (DOMAIN.md), total with its two decimals. */
export function satExpression(input: SatExpressionInput): string {
  const units = input.total / 100n;
  const cents = (input.total % 100n).toString().padStart(2, '0');
  return `?re=${input.rfcEmisor}&rr=${input.rfcReceptor}&tt=${units}.${cents}&id=${input.uuid}`;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, trimValues: true });

function findEstado(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'Estado' && typeof value === 'string') return value;
    const found = findEstado(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

export class SatStatusClient {
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** The CFDI's status; UNKNOWN when the service failed, timed out or answered nonsense. */
  async status(expression: string): Promise<SatCfdiStatus> {
    const envelope =
      '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>' +
      `<Consulta xmlns="http://tempuri.org/"><expresionImpresa>${escapeXml(expression)}</expresionImpresa></Consulta>` +
      '</s:Body></s:Envelope>';
    try {
      const response = await this.fetchFn(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: SOAP_ACTION },
        body: envelope,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return 'UNKNOWN';
      const estado = findEstado(parser.parse(await response.text()) as unknown)
        ?.trim()
        .toLowerCase();
      if (estado === 'vigente') return 'VIGENTE';
      if (estado === 'cancelado') return 'CANCELADO';
      if (estado === 'no encontrado') return 'NO_ENCONTRADO';
      return 'UNKNOWN';
    } catch {
      return 'UNKNOWN';
    }
  }
}
