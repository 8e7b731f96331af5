import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  addDays,
  makeClabe,
  nextSettlementDay,
  parseMoney,
  todayInTimeZone,
  TRANSACTION_TYPE_IDS,
} from '@app/domain';
import { DEMO_PASSWORD } from './demo-password.js';

/** Moves the app's clock while the demo history is written, before the server listens. */
export interface SeedClock {
  travelTo(at: Date): void;
  backToPresent(): void;
}

const DAY_MS = 86_400_000;

const SUPPLIERS = [
  {
    sName: 'Aguacates del Valle SA de CV',
    bank: '012',
    sTaxId: 'AVA120315AB1',
    sBankName: 'BBVA MEXICO',
  },
  { sName: 'Limones Colima SPR de RL', bank: '072', sTaxId: 'LCO150820KJ3', sBankName: 'BANORTE' },
  {
    sName: 'Berries Jalisco SA de CV',
    bank: '014',
    sTaxId: 'BJA180101QW5',
    sBankName: 'SANTANDER',
  },
  { sName: 'Tomates Sinaloa SA de CV', bank: '002', sTaxId: 'TSI110611ZX7', sBankName: 'BANAMEX' },
  {
    sName: 'Transportes Frontera SA de CV',
    bank: '021',
    sTaxId: 'TFR090909MN2',
    sBankName: 'HSBC',
  },
];

/**
 * Writes a believable finance history for a demo enterprise through the public API, so
 * the demo exercises the same rules as real use: deposits, suppliers, invoices in every
 * status, forex conversions with invoices attached and paid, a matured and an active
 * forward, and payments.
 */
export async function seedDemoFinance(
  app: FastifyInstance,
  clock: SeedClock,
  options: { email: string; enterpriseId: string; accountSeed: number; startingUsd: string },
): Promise<void> {
  const present = Date.now();
  // Sessions end after 30 idle minutes, so each jump in time logs in again.
  let token: string | undefined;
  const at = (daysAgo: number) => {
    clock.travelTo(new Date(present - daysAgo * DAY_MS));
    token = undefined;
  };
  try {
    at(95);
    await app.finance.funds.creditDeposit({
      enterpriseId: options.enterpriseId,
      amountUsd: parseMoney(options.startingUsd),
      bankReference: `DEMO-WIRE-${options.accountSeed}-1`,
    });
    const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: object) => {
      token ??= await login(app, options.email);
      const response = await app.inject({
        method,
        url: `/api/v1/en/${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(body ? { payload: body } : {}),
      });
      if (response.statusCode >= 400) {
        throw new Error(
          `Demo data: ${method} ${path} answered ${response.statusCode} ${response.body}`,
        );
      }
      return response.json() as Record<string, unknown>;
    };
    const quote = async () => {
      const dashboard = await call('GET', 'dashboard');
      return {
        id: String(dashboard.exchangeRateTodayReference),
        rate: Number(dashboard.exchangeRateToday),
      };
    };

    const supplierIds: string[] = [];
    for (const [index, supplier] of SUPPLIERS.entries()) {
      const clabe = makeClabe(
        supplier.bank,
        '180',
        String(options.accountSeed * 1000 + index).padStart(11, '0'),
      );
      const created = await call('POST', 'payment-recipient/', {
        sName: supplier.sName,
        sEmail: `pagos${index + 1}@${supplier.sName.split(' ')[0]!.toLowerCase()}.mx`,
        sBankName: supplier.sBankName,
        sAccountNumber: clabe,
        sEntityBusiness: 'COMPANY',
        sTaxId: supplier.sTaxId,
      });
      supplierIds.push(
        String((created.paymentRecipient as { sPaymentRecipientId: string }).sPaymentRecipientId),
      );
    }
    const supplier = (index: number) => supplierIds[index % supplierIds.length]!;

    const invoiceIds: string[] = [];
    const addInvoice = async (
      index: number,
      totalMxn: number,
      protectedRate: number,
      daysAgo: number,
    ) => {
      const purchase = todayInTimeZone(new Date(present - daysAgo * DAY_MS));
      const created = await call('POST', 'invoices/', {
        dPurchaseDate: purchase,
        sPaymentRecipientId: supplier(index),
        sInvoice: `F-${options.accountSeed}${String(index + 1).padStart(3, '0')}`,
        dTotalAmount: totalMxn,
        dRateProtection: protectedRate,
        iCreditPeriod: [15, 30, 45, 60][index % 4],
      });
      const id = String((created.invoice as { sInvoiceId: string }).sInvoiceId);
      invoiceIds.push(id);
      return id;
    };
    const amounts = [
      185_000, 92_500.5, 240_000, 61_250, 130_400, 310_000, 75_800, 154_320.75, 98_000, 205_500,
      47_900, 128_000, 66_600, 88_000,
    ];
    for (const [index, total] of amounts.entries()) {
      await addInvoice(
        index,
        total,
        index % 3 === 0 ? 18.95 : index % 3 === 1 ? 18.2 : 18.6,
        80 - index * 3,
      );
    }
    // Invoices 0-4 stay To pay.

    // Forex from two invoices, both paid from the conversion's pesos (Paid).
    at(70);
    for (const index of [5, 6]) {
      const q = await quote();
      const created = await call('POST', 'transactions/createTransactionFromInvoice', {
        sInvoiceId: invoiceIds[index],
        sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
        dExchangeRate: q.rate,
        referenceExchangeRate: q.id,
        bExternal: false,
      });
      const transaction = created.transaction as { sTransactionId: string; dDesAmount: number };
      await call('POST', 'payments/', {
        sTransactionId: transaction.sTransactionId,
        sPaymentRecipientId: supplier(index),
        isMxn: true,
        dAmount: transaction.dDesAmount,
        comment: `Pago factura F-${options.accountSeed}${String(index + 1).padStart(3, '0')}`,
      });
    }

    // Forex from invoices that stay Assigned (converted, not yet paid).
    at(50);
    for (const index of [7, 8]) {
      const q = await quote();
      await call('POST', 'transactions/createTransactionFromInvoice', {
        sInvoiceId: invoiceIds[index],
        sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
        dExchangeRate: q.rate,
        referenceExchangeRate: q.id,
        bExternal: false,
      });
    }

    // A forex conversion from USD covering two invoices in part (Parcial).
    at(40);
    {
      const q = await quote();
      const created = await call('POST', 'transactions/', {
        sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
        dAmount: 12_000,
        dExchangeRate: q.rate,
        referenceExchangeRate: q.id,
        bExternal: false,
      });
      const transaction = created.transaction as { sTransactionId: string };
      await call('POST', 'transactions/invoice', {
        sTransactionId: transaction.sTransactionId,
        invoices: [
          { sInvoiceId: invoiceIds[9], dAmount: 100_000 },
          { sInvoiceId: invoiceIds[10], dAmount: 20_000 },
        ],
      });
    }

    // A forward booked weeks ago that has matured (its date has passed, not yet settled).
    at(45);
    {
      const q = await quote();
      const forwardDate = nextSettlementDay(
        addDays(todayInTimeZone(new Date(present - 45 * DAY_MS)), 40),
      );
      const forward = await call('POST', 'transactions/forwardRate', {
        dDateForward: forwardDate,
        dAmount: 100,
        referenceExchangeRate: q.id,
        bExternal: false,
      });
      const rate = forward.forwardRate as { rate: number; uuid: string };
      await call('POST', 'transactions/createTransactionFromInvoice', {
        sInvoiceId: invoiceIds[11],
        sTransactionType: TRANSACTION_TYPE_IDS.FORWARD,
        dExchangeRate: rate.rate,
        referenceExchangeRate: rate.uuid,
        bExternal: false,
        dForwardTransactionDate: forwardDate,
      });
    }

    // Pay-now payments: an invoice paid at once (Paid) and a payment without an invoice.
    at(20);
    {
      const q = await quote();
      await call('POST', 'payments/invoice', {
        sInvoiceId: invoiceIds[12],
        sExchangeRateReference: q.id,
      });
    }
    at(12);
    {
      const q = await quote();
      await call('POST', 'payments/sendPayNow', {
        dAmount: 1_500,
        comment: 'Anticipo flete frontera',
        sPaymentRecipientId: supplier(4),
        sExchangeRateReference: q.id,
      });
    }

    // An active forward for an invoice, a month ahead.
    at(3);
    {
      const q = await quote();
      const forwardDate = nextSettlementDay(
        addDays(todayInTimeZone(new Date(present - 3 * DAY_MS)), 33),
      );
      const forward = await call('POST', 'transactions/forwardRate', {
        dDateForward: forwardDate,
        dAmount: 100,
        referenceExchangeRate: q.id,
        bExternal: false,
      });
      const rate = forward.forwardRate as { rate: number; uuid: string };
      await call('POST', 'transactions/createTransactionFromInvoice', {
        sInvoiceId: invoiceIds[13],
        sTransactionType: TRANSACTION_TYPE_IDS.FORWARD,
        dExchangeRate: rate.rate,
        referenceExchangeRate: rate.uuid,
        bExternal: false,
        dForwardTransactionDate: forwardDate,
      });
    }
    clock.backToPresent();
    await app.finance.payments.settleDuePayouts();
  } finally {
    clock.backToPresent();
  }
}

async function login(app: FastifyInstance, email: string): Promise<string> {
  const response: LightMyRequestResponse = await app.inject({
    method: 'POST',
    url: '/api/v1/en/auth/login',
    payload: { sEmail: email, sPassword: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`Demo login failed: ${response.body}`);
  return (response.json() as { token: string }).token;
}
