import type { Language } from '@app/domain';

/** What the CFDI import says of each file, in both languages. */
export const TEXT = {
  en: {
    FILE_TOO_LARGE: 'The file is larger than 1 MB.',
    INVALID_XML: 'The file is not well-formed XML.',
    NOT_A_CFDI: 'The file is not a CFDI: its root must be cfdi:Comprobante, version 4.0 or 3.3.',
    MISSING_STAMP:
      'The CFDI has no TimbreFiscalDigital (the SAT stamp with its UUID): it is not a valid CFDI.',
    BAD_SEAL:
      'The CFDI’s seal does not verify ({{check}}): it was changed after the issuer signed it, or is not the issuer’s. Ask the supplier for the XML exactly as stamped.',
    MISSING_FIELD: 'A required field of the CFDI is missing or malformed: {{field}}.',
    NOT_AN_INCOME_INVOICE:
      'Only income invoices (TipoDeComprobante "I"), credit notes ("E") and payment complements ("P") can be imported; this is another kind (a payroll or transfer CFDI).',
    UNSUPPORTED_CREDIT_NOTE:
      'This credit note must name exactly one invoice in CfdiRelacionados, as a credit note (01), return (03) or advance (07). Ask the supplier for one credit note per invoice.',
    CREDIT_NOTE_UNKNOWN_INVOICE:
      'This credit note lowers invoice {{uuid}}, which is not an invoice of this supplier imported here. Import that invoice first.',
    CREDIT_NOTE_EXCEEDS:
      'This credit note ({{amount}} MXN) is more than is still open on invoice {{uuid}} ({{open}} MXN), or its whole total. Check it with the supplier.',
    COMPLEMENT_UNKNOWN_INVOICE:
      'This payment complement names invoice {{uuid}}, which is not an invoice of this supplier imported here: it cannot be imported. Import that invoice first, or ask the supplier whether the complement was issued to another company.',
    UNSUPPORTED_COMPLEMENT:
      'This payment complement has no readable payment (pago20:Pagos with a DoctoRelacionado naming the invoice’s UUID, its currency and ImpPagado). Ask the supplier for the complement as stamped.',
    COMPLEMENT_MISMATCH:
      'The complement says {{amount}} MXN was paid on invoice {{invoice}}, but the payment recorded here is {{payment}} MXN. It will be kept and flagged; ask the supplier for a corrected complement.',
    COMPLEMENT_NO_PAYMENT:
      'The complement says {{amount}} MXN was paid on invoice {{invoice}}, but no payment of that invoice is waiting for a complement here. It will be kept and flagged; check it with the supplier.',
    MISSING_EXCHANGE_RATE: 'The CFDI is not in MXN and has no TipoCambio.',
    ALREADY_IMPORTED: 'This CFDI (UUID {{uuid}}) was already imported.',
    REPEATED_IN_UPLOAD: 'The same CFDI (UUID {{uuid}}) appears twice in this upload.',
    FOREIGN_CURRENCY:
      'This CFDI is in {{currency}} ({{total}}). Invoices are paid in MXN: the total shown is at the CFDI’s exchange rate {{rate}}. Check it with the supplier before importing.',
    RECEPTOR_MISMATCH:
      'This CFDI was issued to another company ({{receptor}}), not yours (tax id {{company}}): it cannot be imported. Ask the supplier to issue it to your company.',
    NO_COMPANY_TAX_ID:
      'Your company has no tax id on file, so the receptor ({{receptor}}) could not be checked.',
    SAT_CANCELLED:
      'The SAT reports this CFDI as cancelled by its issuer: it cannot be imported. Ask the supplier for the CFDI that replaces it.',
    SAT_NOT_FOUND:
      'The SAT does not know this CFDI (UUID {{uuid}}): it cannot be imported. Ask the supplier to confirm it was stamped.',
    SAT_STATUS_UNAVAILABLE:
      'The SAT’s status service could not be reached: the CFDI can be imported, and its status will be asked again before it is paid.',
  },
  sp: {
    FILE_TOO_LARGE: 'El archivo pesa más de 1 MB.',
    INVALID_XML: 'El archivo no es un XML bien formado.',
    NOT_A_CFDI: 'El archivo no es un CFDI: su raíz debe ser cfdi:Comprobante, versión 4.0 o 3.3.',
    MISSING_STAMP:
      'El CFDI no tiene TimbreFiscalDigital (el timbre del SAT con su UUID): no es un CFDI válido.',
    BAD_SEAL:
      'El sello del CFDI no es válido ({{check}}): el archivo se modificó después de firmarse o no es del emisor. Pide al proveedor el XML tal como se timbró.',
    MISSING_FIELD: 'Falta o está mal formado un campo obligatorio del CFDI: {{field}}.',
    NOT_AN_INCOME_INVOICE:
      'Solo se importan facturas de ingreso (TipoDeComprobante "I"), notas de crédito ("E") y complementos de pago ("P"); este es de otro tipo (nómina o traslado).',
    UNSUPPORTED_CREDIT_NOTE:
      'Esta nota de crédito debe relacionar exactamente una factura en CfdiRelacionados, como nota de crédito (01), devolución (03) o anticipo (07). Pide al proveedor una nota por factura.',
    CREDIT_NOTE_UNKNOWN_INVOICE:
      'Esta nota de crédito disminuye la factura {{uuid}}, que no es una factura de este proveedor importada aquí. Importa primero esa factura.',
    CREDIT_NOTE_EXCEEDS:
      'Esta nota de crédito ({{amount}} MXN) es mayor que lo pendiente de la factura {{uuid}} ({{open}} MXN), o que todo su total. Revísala con el proveedor.',
    COMPLEMENT_UNKNOWN_INVOICE:
      'Este complemento de pago relaciona la factura {{uuid}}, que no es una factura de este proveedor importada aquí: no se puede importar. Importa primero esa factura, o pregunta al proveedor si emitió el complemento a otra empresa.',
    UNSUPPORTED_COMPLEMENT:
      'Este complemento de pago no tiene un pago legible (pago20:Pagos con un DoctoRelacionado que indique el UUID de la factura, su moneda e ImpPagado). Pide al proveedor el complemento tal como se timbró.',
    COMPLEMENT_MISMATCH:
      'El complemento dice que se pagaron {{amount}} MXN de la factura {{invoice}}, pero el pago registrado aquí es de {{payment}} MXN. Se guardará marcado como diferencia; pide al proveedor un complemento corregido.',
    COMPLEMENT_NO_PAYMENT:
      'El complemento dice que se pagaron {{amount}} MXN de la factura {{invoice}}, pero aquí ningún pago de esa factura espera complemento. Se guardará marcado como diferencia; revísalo con el proveedor.',
    MISSING_EXCHANGE_RATE: 'El CFDI no está en MXN y no tiene TipoCambio.',
    ALREADY_IMPORTED: 'Este CFDI (UUID {{uuid}}) ya fue importado.',
    REPEATED_IN_UPLOAD: 'El mismo CFDI (UUID {{uuid}}) aparece dos veces en esta carga.',
    FOREIGN_CURRENCY:
      'Este CFDI está en {{currency}} ({{total}}). Las facturas se pagan en MXN: el total mostrado usa el tipo de cambio del CFDI, {{rate}}. Confírmalo con el proveedor antes de importar.',
    RECEPTOR_MISMATCH:
      'Este CFDI se emitió a otra empresa ({{receptor}}), no a la tuya (identificación fiscal {{company}}): no se puede importar. Pide al proveedor que lo emita a tu empresa.',
    NO_COMPANY_TAX_ID:
      'Tu empresa no tiene identificación fiscal registrada: no se pudo verificar el receptor ({{receptor}}).',
    SAT_CANCELLED:
      'El SAT informa que este CFDI fue cancelado por su emisor: no se puede importar. Pide al proveedor el CFDI que lo sustituye.',
    SAT_NOT_FOUND:
      'El SAT no encuentra este CFDI (UUID {{uuid}}): no se puede importar. Pide al proveedor que confirme que se timbró.',
    SAT_STATUS_UNAVAILABLE:
      'No se pudo consultar el servicio de estado del SAT: el CFDI se puede importar y su estado se consultará de nuevo antes de pagarlo.',
  },
} as const;

export type TextKey = keyof (typeof TEXT)['en'];

/** What each failed seal check means, for the BAD_SEAL line. */
export const SEAL_CHECK_TEXT: Record<Language, Record<string, string>> = {
  en: {
    Sello: 'the seal is missing or not base64',
    SelloSAT: 'the stamp’s seals are missing or not base64',
    NoCertificado: 'the certificate number is missing or not 20 digits',
    Certificado: 'the certificate is missing or not base64',
    CERTIFICATE: 'the certificate cannot be read',
    CERTIFICATE_RFC: 'the certificate belongs to another RFC than the issuer’s',
    CERTIFICATE_NUMBER: 'the certificate’s serial is not NoCertificado',
    CERTIFICATE_NOT_IN_FORCE: 'the certificate was not in force at the CFDI’s date',
    SIGNATURE: 'the seal is not the signature of this content',
  },
  sp: {
    Sello: 'el sello falta o no está en base64',
    SelloSAT: 'los sellos del timbre faltan o no están en base64',
    NoCertificado: 'el número de certificado falta o no tiene 20 dígitos',
    Certificado: 'el certificado falta o no está en base64',
    CERTIFICATE: 'el certificado no se puede leer',
    CERTIFICATE_RFC: 'el certificado es de otro RFC que el del emisor',
    CERTIFICATE_NUMBER: 'el número de serie del certificado no es NoCertificado',
    CERTIFICATE_NOT_IN_FORCE: 'el certificado no estaba vigente en la fecha del CFDI',
    SIGNATURE: 'el sello no es la firma de este contenido',
  },
};

export function say(language: Language, key: TextKey, values: Record<string, string> = {}): string {
  return TEXT[language][key].replace(
    /\{\{(\w+)\}\}/g,
    (_match, name: string) => values[name] ?? '',
  );
}
