import { TRANSACTION_TYPE_IDS } from '@app/domain';

/**
 * Request and answer examples of the money calls, by operationId, shown in /api/docs. Taken
 * from a demo-data server; openapi-contract.test.ts checks them against the schemas.
 */
export interface OperationExamples {
  request?: unknown;
  /** By status. */
  responses: Record<string, unknown>;
}

/** The demo spot quote the examples convert and pay at. */
const DEMO_QUOTE_ID = 'ec7b1256-a62a-42e6-91e7-f60654d69153';
const DEMO_RATE = 18.233;

/** The demo supplier the examples pay, as a payment shows its payee. */
const DEMO_PAYEE = {
  sPaymentRecipientId: '6da4a08f-bcdb-4c19-a596-936d9c765b99',
  sName: 'Agrícola Demo SPR de RL',
  sEmail: 'vendor@demo.test',
  sBankName: 'BBVA MEXICO',
  sAccountNumber: '********7127',
};

export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  postExchangeRateAddFounds: {
    request: {
      amount: 25000,
    },
    responses: {
      '200': {
        account: [
          {
            label: 'Beneficiary',
            value: 'Pesos & Produce Payments LLC',
          },
          {
            label: 'Bank',
            value: 'Lone Star Commerce Bank',
          },
          {
            label: 'Account number',
            value: '4100 2281 9375',
          },
          {
            label: 'ABA routing number',
            value: '114000093',
          },
          {
            label: 'SWIFT',
            value: 'LSCBUS44',
          },
          {
            label: 'Deposit reference (required)',
            value: 'PPL3F6XU34',
          },
        ],
        spei: { sClabe: '646180110400010000', sBankName: 'STP' },
      },
    },
  },
  postOpsDeposits: {
    request: {
      sEnterpriseId: 'e2eae15c-3ecb-4395-b944-b8963cf4e075',
      dAmount: 50000,
      sReference: 'WIRE-20261121-0042',
    },
    responses: {
      '201': {
        sReference: 'WIRE-20261121-0042',
        sEnterpriseId: 'e2eae15c-3ecb-4395-b944-b8963cf4e075',
        dAmount: 50000,
        created_at: '2026-11-24T20:57:27.298Z',
      },
    },
  },
  postTransactions: {
    request: {
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      dAmount: 10000,
      dExchangeRate: DEMO_RATE,
      referenceExchangeRate: DEMO_QUOTE_ID,
      bExternal: false,
    },
    responses: {
      '201': {
        transaction: {
          sTransactionId: '0bfca3ba-6cbd-4465-9933-682ef7b08f99',
          iTrackingId: 18,
          sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
          dAmount: 10000,
          dDesAmount: 182330,
          dExchangeRate: DEMO_RATE,
          referenceExchangeRate: DEMO_QUOTE_ID,
          created_at: '2026-11-24T20:57:27.004Z',
          settled_at: '2026-11-24T20:57:27.004Z',
          dForwardTransactionDate: null,
          dDepositAmount: 0,
          sStatus: 'SETTLED',
          bExternal: false,
          dAssignedAmount: 0,
          dPaidAmount: 0,
          dPercentUsed: 0,
          dPercentPaid: 0,
          dProfitPercentage: 0,
          dCurrencyGain: 0,
          iDaysRemaining: null,
          invoice: [],
          payment: [],
        },
      },
    },
  },
  postTransactionsCreateTransactionFromInvoice: {
    request: {
      sInvoiceId: 'd6986fe3-b08f-46be-8f2e-4517ae3a977a',
      sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
      dExchangeRate: DEMO_RATE,
      referenceExchangeRate: DEMO_QUOTE_ID,
      bExternal: false,
    },
    responses: {
      '201': {
        transaction: {
          sTransactionId: '88ce216a-141c-439a-95dc-dcf2cb200483',
          iTrackingId: 19,
          sTransactionType: TRANSACTION_TYPE_IDS.FOREX,
          dAmount: 5045.8,
          dDesAmount: 92000,
          dExchangeRate: DEMO_RATE,
          referenceExchangeRate: DEMO_QUOTE_ID,
          created_at: '2026-11-24T20:57:27.217Z',
          settled_at: '2026-11-24T20:57:27.217Z',
          dForwardTransactionDate: null,
          dDepositAmount: 0,
          sStatus: 'SETTLED',
          bExternal: false,
          dAssignedAmount: 92000,
          dPaidAmount: 0,
          dPercentUsed: 100,
          dPercentPaid: 0,
          dProfitPercentage: 1.83,
          dCurrencyGain: 93.86,
          iDaysRemaining: null,
          invoice: [
            {
              dAmount: 92000,
              dPaidAmount: 0,
              invoice: {
                sInvoiceId: 'd6986fe3-b08f-46be-8f2e-4517ae3a977a',
                sInvoice: 'F-2202',
                sPaymentRecipientId: DEMO_PAYEE.sPaymentRecipientId,
                sName: DEMO_PAYEE.sName,
                sAccountNumber: '********7127',
                dPurchaseDate: '2026-11-20',
                iCreditPeriod: 45,
                dDueDate: '2027-01-04',
                dTotalAmount: 92000,
                dAssignedAmount: 92000,
                dPaidAmount: 0,
                dTotalUsd: 5045.8,
                dRateProtection: 17.9,
                dProfitPercentage: 1.83,
                dCurrencyGain: 93.86,
                sStatusId: 'ce7eab28-f2a8-432d-a474-f2ae5e2dadd3',
                created_at: '2026-11-24T20:57:27.173Z',
                paymentsRecipent: [
                  {
                    sName: DEMO_PAYEE.sName,
                    sPaymentRecipientId: DEMO_PAYEE.sPaymentRecipientId,
                  },
                ],
              },
              payment: {
                dDescAmount: 0,
              },
            },
          ],
          payment: [],
        },
      },
    },
  },
  postPaymentsSendPayNow: {
    request: {
      dAmount: 1500,
      comment: 'Invoice F-1042',
      sPaymentRecipientId: DEMO_PAYEE.sPaymentRecipientId,
      sExchangeRateReference: DEMO_QUOTE_ID,
    },
    responses: {
      '201': {
        payment: {
          sPaymentId: '0402246f-c548-4f92-a6c2-2064b89dc9f4',
          iTrackingId: 15,
          created_at: '2026-11-24T20:57:27.047Z',
          completed_at: null,
          dAmount: 27349.5,
          dAmountUsd: 1500,
          dExchangeRate: DEMO_RATE,
          sTransactionType: TRANSACTION_TYPE_IDS.PAY_NOW,
          payment_recipient: DEMO_PAYEE,
          transaction: [],
          invoice_payments_relationship: [],
          sStatus: 'PROCESSING',
          sTrackingKey: 'PP20261124M7W5P7BJNNDE',
          sReturnReason: null,
          sConcept: 'Invoice F-1042',
          dProfitPercentage: 0,
          dCurrencyGain: 0,
        },
      },
    },
  },
  postPaymentsInvoice: {
    request: {
      sInvoiceId: '26e66388-5bb1-4838-8ec4-69d4e5bfe38d',
      sExchangeRateReference: DEMO_QUOTE_ID,
    },
    responses: {
      '201': {
        payment: {
          sPaymentId: '9621a6ee-39c0-4d36-ab1a-b27eb7c8ef22',
          iTrackingId: 16,
          created_at: '2026-11-24T20:57:27.093Z',
          completed_at: null,
          dAmount: 18500.5,
          dAmountUsd: 1014.67,
          dExchangeRate: DEMO_RATE,
          sTransactionType: TRANSACTION_TYPE_IDS.PAY_NOW,
          payment_recipient: DEMO_PAYEE,
          transaction: [],
          invoice_payments_relationship: [
            {
              dAmount: 18500.5,
              invoice: {
                sInvoiceId: '26e66388-5bb1-4838-8ec4-69d4e5bfe38d',
                sInvoice: 'F-2201',
                sPaymentRecipientId: DEMO_PAYEE.sPaymentRecipientId,
                sName: DEMO_PAYEE.sName,
                sAccountNumber: '********7127',
                dPurchaseDate: '2026-11-20',
                iCreditPeriod: 30,
                dDueDate: '2026-12-20',
                dTotalAmount: 18500.5,
                dAssignedAmount: 18500.5,
                dPaidAmount: 18500.5,
                dTotalUsd: 1014.67,
                dRateProtection: 17.2,
                dProfitPercentage: 5.67,
                dCurrencyGain: 60.94,
                sStatusId: 'e25a384a-75e0-44c7-a9c4-5ffd998c6f8c',
                created_at: '2026-11-24T20:57:27.070Z',
              },
            },
          ],
          sStatus: 'PROCESSING',
          sTrackingKey: 'PP20261124PB5438JG3SB6',
          sReturnReason: null,
          sConcept: 'Pago factura F-2201',
          dProfitPercentage: 5.67,
          dCurrencyGain: 60.94,
        },
      },
    },
  },
};
