import type { Language, OrderDocumentKind } from '@app/domain';
import type { ApiOrder } from '../orders/order.view.js';
import type { DocumentVersion } from './document-versions.js';
import {
  formatInstantText,
  labelledLine,
  PDF_FONT,
  renderPdf,
  tableRow,
  type TableColumn,
} from '../payments/pdf.js';

export interface DocumentCompany {
  name: string;
  legalAddress: string | null;
  pacaLicense: string | null;
  taxId: string | null;
}

export interface DocumentWarehouse {
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  phone: string;
  email: string;
  manager: string;
  /** The buyer's notes on the warehouse (receiving hours, dock instructions). */
  notes: string | null;
}

export interface OrderDocumentData {
  order: ApiOrder;
  seller: DocumentCompany;
  buyer: DocumentCompany;
  warehouse: DocumentWarehouse;
  printedAt: Date;
  /** The reading company's time zone: the document's times are on its clock. */
  timeZone: string;
  /**
   * Which version this is (see document-versions.ts), and when the delivery was recorded; none
   * for the bill of lading, a shipping document that a delivery does not change.
   */
  version?: { shown: DocumentVersion; deliveredAt: string | null } | undefined;
}

const TEXT = {
  en: {
    titles: {
      'commercial-invoice': 'Commercial invoice',
      'packing-list': 'Packing list',
      'bill-of-lading': 'Bill of lading (draft)',
    },
    order: 'Order',
    orderDate: 'Order date',
    printed: 'Printed',
    version: 'Version',
    versionOrdered: 'As ordered (current)',
    versionReplaced: (date: string) =>
      `As ordered: replaced by the version as delivered, recorded ${date}`,
    versionDelivered: (date: string) => `As delivered, recorded ${date} (current)`,
    seller: 'Seller (grower)',
    buyer: 'Buyer',
    shipper: 'Shipper',
    consignee: 'Consignee',
    deliverTo: 'Deliver to',
    address: 'Address',
    paca: 'PACA licence',
    taxId: 'Tax id',
    notGiven: 'not given',
    dockContact: 'Dock contact',
    phone: 'Phone',
    email: 'E-mail',
    receiving: 'Receiving notes',
    article: 'Article',
    boxes: 'Boxes',
    pallets: 'Pallets',
    unitPrice: 'Price/box',
    freight: 'Freight/box',
    inOut: 'In/out/box',
    perBox: 'Total/box',
    lineTotal: 'Total',
    goods: 'Goods',
    fees: 'Fees',
    total: 'Total (USD)',
    payment: 'Payment method',
    paymentStatus: 'Payment status',
    paymentStatuses: { PENDING: 'Pending', PAID: 'Paid' } as Record<string, string>,
    rateLockedUntil: 'Rate locked until',
    forwardDate: 'Forward settlement date',
    terms: 'Terms',
    termsText:
      'Prices in USD per box, FOB McAllen, Texas (border cold storage after the crossing). Freight to the warehouse and the cold storage in/out charge are included per box.',
    pacaTrust:
      'The perishable agricultural commodities listed on this invoice are sold subject to the statutory trust authorized by section 5(c) of the Perishable Agricultural Commodities Act, 1930 (7 U.S.C. 499e(c)). The seller of these commodities retains a trust claim over these commodities, all inventories of food or other products derived from these commodities, and any receivables or proceeds from the sale of these commodities until full payment is received.',
    transport: 'Transport',
    transportOf: (number: number, pallets: number) =>
      `Transport ${number}: ${pallets} pallet${pallets === 1 ? '' : 's'}`,
    totals: 'Totals per article',
    transports: 'Transports',
    temperature: 'Temperature',
    temperatureText:
      'Perishable produce: pre-cool the trailer and keep it refrigerated from loading to delivery. Set the reefer to the temperature the shipper writes for each commodity and record the pulp temperature at loading. Reefer set point: ______ °F.',
    draftNote:
      'Draft prepared from the order for the carrier to complete and sign. It is not a negotiable bill of lading until the carrier signs it.',
    signatures:
      'Shipper signature: ____________________      Carrier signature: ____________________',
  },
  sp: {
    titles: {
      'commercial-invoice': 'Factura comercial',
      'packing-list': 'Lista de empaque',
      'bill-of-lading': 'Conocimiento de embarque (borrador)',
    },
    order: 'Pedido',
    orderDate: 'Fecha del pedido',
    printed: 'Impreso',
    version: 'Versión',
    versionOrdered: 'Como se pidió (vigente)',
    versionReplaced: (date: string) =>
      `Como se pidió: reemplazada por la versión como se entregó, registrada el ${date}`,
    versionDelivered: (date: string) => `Como se entregó, registrada el ${date} (vigente)`,
    seller: 'Vendedor (productor)',
    buyer: 'Comprador',
    shipper: 'Remitente',
    consignee: 'Consignatario',
    deliverTo: 'Entregar en',
    address: 'Domicilio',
    paca: 'Licencia PACA',
    taxId: 'RFC / Tax id',
    notGiven: 'no indicado',
    dockContact: 'Contacto del andén',
    phone: 'Teléfono',
    email: 'Correo',
    receiving: 'Notas de recepción',
    article: 'Artículo',
    boxes: 'Cajas',
    pallets: 'Tarimas',
    unitPrice: 'Precio/caja',
    freight: 'Flete/caja',
    inOut: 'Entrada-salida/caja',
    perBox: 'Total/caja',
    lineTotal: 'Total',
    goods: 'Mercancía',
    fees: 'Cargos',
    total: 'Total (USD)',
    payment: 'Forma de pago',
    paymentStatus: 'Estado del pago',
    paymentStatuses: { PENDING: 'Pendiente', PAID: 'Pagado' } as Record<string, string>,
    rateLockedUntil: 'Tipo de cambio fijo hasta',
    forwardDate: 'Fecha de liquidación del forward',
    terms: 'Condiciones',
    termsText:
      'Precios en USD por caja, FOB McAllen, Texas (bodega fría de la frontera después del cruce). El flete al almacén y el cargo de entrada y salida de la bodega fría están incluidos por caja.',
    pacaTrust:
      'Los productos agrícolas perecederos de esta factura se venden sujetos al fideicomiso legal autorizado por la sección 5(c) de la Perishable Agricultural Commodities Act de 1930 (7 U.S.C. 499e(c)). El vendedor conserva un derecho de fideicomiso sobre estos productos, todo inventario de alimentos u otros productos derivados de ellos, y toda cuenta por cobrar o ingreso de su venta hasta recibir el pago completo.',
    transport: 'Transporte',
    transportOf: (number: number, pallets: number) =>
      `Transporte ${number}: ${pallets} tarima${pallets === 1 ? '' : 's'}`,
    totals: 'Totales por artículo',
    transports: 'Transportes',
    temperature: 'Temperatura',
    temperatureText:
      'Producto perecedero: preenfría la caja refrigerada y mantenla en frío desde la carga hasta la entrega. Ajusta el termo a la temperatura que el remitente indique para cada producto y registra la temperatura de pulpa al cargar. Temperatura del termo: ______ °F.',
    draftNote:
      'Borrador preparado a partir del pedido para que el transportista lo complete y firme. No es un conocimiento de embarque negociable hasta que el transportista lo firme.',
    signatures:
      'Firma del remitente: ____________________      Firma del transportista: ____________________',
  },
} as const;

type Texts = (typeof TEXT)[Language];

const LOCALES: Record<Language, string> = { en: 'en-US', sp: 'es-MX' };

/** "1234567.5" → "1,234,567.50": the digits of the decimal text, grouped; no arithmetic. */
export function groupedDecimal(value: number | string, decimals = 2): string {
  const text = String(value);
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = fraction.length >= decimals ? fraction : fraction.padEnd(decimals, '0');
  return `${negative ? '-' : ''}${grouped}.${digits}`;
}

function count(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value);
}

/**
 * The boxes of each line in each transport: a line's pallets fill the transports in order,
 * so its boxes go in the same order, a pallet at most boxes-per-pallet, the last one what
 * is left.
 */
export function boxesPerTransport(order: ApiOrder): Map<number, Map<string, number>> {
  const left = new Map(order.lines.map((line) => [line.sLineId, line.dQuantity]));
  const perBox = new Map(order.lines.map((line) => [line.sLineId, line.dBoxesPerPallet]));
  const result = new Map<number, Map<string, number>>();
  for (const transport of [...order.transports].sort((a, b) => a.iNumber - b.iNumber)) {
    const boxes = new Map<string, number>();
    for (const line of transport.lines) {
      const remaining = left.get(line.sLineId) ?? 0;
      const taken = Math.min(remaining, line.iPallets * (perBox.get(line.sLineId) ?? 0));
      left.set(line.sLineId, remaining - taken);
      boxes.set(line.sLineId, (boxes.get(line.sLineId) ?? 0) + taken);
    }
    result.set(transport.iNumber, boxes);
  }
  return result;
}

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table: a bold header row, then rows whose cells wrap inside their columns (the shared
 * `tableRow`); each new page repeats the header row.
 */
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]): void {
  let x = doc.page.margins.left;
  const placed: TableColumn[] = columns.map((column) => {
    const at = { x, width: column.width - 6, align: column.align ?? 'left' } as const;
    x += column.width;
    return at;
  });
  const headers = columns.map((column) => column.header);
  const titles = () => tableRow(doc, placed, headers, { bold: true, fontSize: 9 });
  titles();
  for (const row of rows) tableRow(doc, placed, row, { fontSize: 9, onNewPage: titles });
  doc.moveDown(0.5);
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.5);
  doc.font(PDF_FONT.bold).fontSize(12).fillColor('#000000').text(text);
  doc.moveDown(0.2);
}

function companyBlock(doc: PDFKit.PDFDocument, t: Texts, title: string, company: DocumentCompany) {
  heading(doc, title);
  doc.font(PDF_FONT.bold).fontSize(10).text(company.name);
  labelledLine(doc, t.address, company.legalAddress || t.notGiven);
  labelledLine(doc, t.paca, company.pacaLicense || t.notGiven);
  labelledLine(doc, t.taxId, company.taxId || t.notGiven);
}

function warehouseBlock(doc: PDFKit.PDFDocument, t: Texts, warehouse: DocumentWarehouse) {
  doc.font(PDF_FONT.bold).fontSize(10).fillColor('#000000').text(warehouse.name);
  doc
    .font(PDF_FONT.regular)
    .text(
      `${warehouse.address}, ${warehouse.city}, ${warehouse.state} ${warehouse.postalCode}, ${warehouse.country}`,
    );
  labelledLine(doc, t.dockContact, warehouse.manager);
  labelledLine(doc, t.phone, warehouse.phone);
  labelledLine(doc, t.email, warehouse.email);
  if (warehouse.notes) labelledLine(doc, t.receiving, warehouse.notes);
}

function header(
  doc: PDFKit.PDFDocument,
  t: Texts,
  title: string,
  data: OrderDocumentData,
  language: Language,
) {
  doc.font(PDF_FONT.bold).fontSize(20).fillColor('#000000').text(title);
  doc.moveDown(0.3);
  labelledLine(doc, t.order, `#${data.order.iTrackingId}`);
  labelledLine(
    doc,
    t.orderDate,
    formatInstantText(new Date(data.order.created_at), language, data.timeZone),
  );
  labelledLine(doc, t.printed, formatInstantText(data.printedAt, language, data.timeZone));
  if (!data.version) return;
  const { shown, deliveredAt } = data.version;
  const recorded = deliveredAt
    ? formatInstantText(new Date(deliveredAt), language, data.timeZone)
    : '';
  labelledLine(
    doc,
    t.version,
    shown === 'delivered'
      ? t.versionDelivered(recorded)
      : deliveredAt
        ? t.versionReplaced(recorded)
        : t.versionOrdered,
  );
}

function commercialInvoice(doc: PDFKit.PDFDocument, data: OrderDocumentData, language: Language) {
  const t = TEXT[language];
  const { order } = data;
  header(doc, t, t.titles['commercial-invoice'], data, language);
  companyBlock(doc, t, t.seller, data.seller);
  companyBlock(doc, t, t.buyer, data.buyer);
  heading(doc, t.deliverTo);
  warehouseBlock(doc, t, data.warehouse);
  doc.moveDown(0.5);
  table(
    doc,
    [
      { header: t.article, width: 150 },
      { header: t.boxes, width: 45, align: 'right' },
      { header: t.unitPrice, width: 60, align: 'right' },
      { header: t.freight, width: 60, align: 'right' },
      { header: t.inOut, width: 60, align: 'right' },
      { header: t.perBox, width: 55, align: 'right' },
      { header: t.lineTotal, width: 70, align: 'right' },
    ],
    order.lines.map((line) => [
      line.sProductName,
      count(line.dQuantity, language),
      `$${groupedDecimal(line.dUnitPriceUSD)}`,
      `$${groupedDecimal(line.sLogisticCost ?? 0)}`,
      `$${groupedDecimal(line.dTotalInOutPerBox ?? 0)}`,
      `$${groupedDecimal(line.sTotalPerBox ?? 0)}`,
      `$${groupedDecimal(line.sTotal ?? 0)}`,
    ]),
  );
  labelledLine(doc, t.goods, `$${groupedDecimal(order.dSubtotal ?? 0)} USD`);
  for (const fee of order.fees) {
    labelledLine(doc, `${t.fees}: ${fee.sFeeName}`, `$${groupedDecimal(fee.dTotal)} USD`);
  }
  labelledLine(doc, t.total, `$${groupedDecimal(order.dTotal ?? 0)} USD`);
  // Documents read the buyer's side of the order, which always carries its payment.
  const payment = order.payment!;
  heading(doc, t.payment);
  labelledLine(doc, t.payment, payment.sMethodName);
  labelledLine(doc, t.paymentStatus, t.paymentStatuses[payment.sStatus] ?? payment.sStatus);
  if (payment.rate_locked_until) {
    labelledLine(
      doc,
      t.rateLockedUntil,
      formatInstantText(new Date(payment.rate_locked_until), language, data.timeZone),
    );
  }
  if (payment.dForwardDate) labelledLine(doc, t.forwardDate, payment.dForwardDate);
  heading(doc, t.terms);
  doc.font(PDF_FONT.regular).fontSize(9).fillColor('#000000').text(t.termsText);
  doc.moveDown(0.5);
  doc.fontSize(8).fillColor('#333333').text(t.pacaTrust);
}

function packingList(doc: PDFKit.PDFDocument, data: OrderDocumentData, language: Language) {
  const t = TEXT[language];
  const { order } = data;
  header(doc, t, t.titles['packing-list'], data, language);
  labelledLine(doc, t.seller, data.seller.name);
  labelledLine(doc, t.buyer, data.buyer.name);
  heading(doc, t.deliverTo);
  warehouseBlock(doc, t, data.warehouse);
  const boxes = boxesPerTransport(order);
  for (const transport of [...order.transports].sort((a, b) => a.iNumber - b.iNumber)) {
    heading(doc, t.transportOf(transport.iNumber, transport.iPallets));
    const inTransport = boxes.get(transport.iNumber) ?? new Map<string, number>();
    table(
      doc,
      [
        { header: t.article, width: 300 },
        { header: t.pallets, width: 90, align: 'right' },
        { header: t.boxes, width: 90, align: 'right' },
      ],
      transport.lines.map((line) => [
        line.sProductName,
        count(line.iPallets, language),
        count(inTransport.get(line.sLineId) ?? 0, language),
      ]),
    );
  }
  heading(doc, t.totals);
  table(
    doc,
    [
      { header: t.article, width: 300 },
      { header: t.pallets, width: 90, align: 'right' },
      { header: t.boxes, width: 90, align: 'right' },
    ],
    order.lines.map((line) => [
      line.sProductName,
      count(line.dPallets, language),
      count(line.dQuantity, language),
    ]),
  );
}

function billOfLading(doc: PDFKit.PDFDocument, data: OrderDocumentData, language: Language) {
  const t = TEXT[language];
  const { order } = data;
  header(doc, t, t.titles['bill-of-lading'], data, language);
  companyBlock(doc, t, t.shipper, data.seller);
  heading(doc, t.consignee);
  doc.font(PDF_FONT.bold).fontSize(10).text(data.buyer.name);
  labelledLine(doc, t.paca, data.buyer.pacaLicense || t.notGiven);
  doc.moveDown(0.3);
  warehouseBlock(doc, t, data.warehouse);
  heading(doc, t.transports);
  const boxes = boxesPerTransport(order);
  table(
    doc,
    [
      { header: t.transport, width: 80 },
      { header: t.article, width: 250 },
      { header: t.pallets, width: 70, align: 'right' },
      { header: t.boxes, width: 80, align: 'right' },
    ],
    [...order.transports]
      .sort((a, b) => a.iNumber - b.iNumber)
      .flatMap((transport) =>
        transport.lines.map((line) => [
          String(transport.iNumber),
          line.sProductName,
          count(line.iPallets, language),
          count(boxes.get(transport.iNumber)?.get(line.sLineId) ?? 0, language),
        ]),
      ),
  );
  labelledLine(doc, t.pallets, count(order.iPallets, language));
  labelledLine(doc, t.boxes, count(order.iOrderedBoxes, language));
  heading(doc, t.temperature);
  doc.font(PDF_FONT.regular).fontSize(9).fillColor('#000000').text(t.temperatureText);
  doc.moveDown();
  doc.fontSize(8).fillColor('#333333').text(t.draftNote);
  doc.moveDown(2);
  doc.fontSize(9).fillColor('#000000').text(t.signatures);
}

const DRAW = {
  'commercial-invoice': commercialInvoice,
  'packing-list': packingList,
  'bill-of-lading': billOfLading,
} as const;

/** One trade document of an order as a PDF, in the language asked for. */
export function renderOrderDocument(
  kind: OrderDocumentKind,
  data: OrderDocumentData,
  language: Language,
): Promise<Buffer> {
  const t = TEXT[language];
  return renderPdf(
    {
      title: `${t.titles[kind]} #${data.order.iTrackingId}`,
      subject: `${t.order} #${data.order.iTrackingId}`,
      createdAt: data.printedAt,
      margin: 48,
    },
    (doc) => DRAW[kind](doc, data, language),
  );
}
