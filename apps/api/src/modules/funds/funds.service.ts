import { randomBytes } from 'node:crypto';
import { moneyToDecimalString, moneyToNumber, type Language } from '@app/domain';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { journalText } from '../../ledger/journal-description.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import { runMoneyWrite } from '../../ledger/money-write.js';
import { isUuid } from '../rates/rates.service.js';
import * as repo from './funds.repository.js';
import { publishEvent } from '../events/publish-event.js';

/** The platform's receiving account in the United States (sandbox values). */
const RECEIVING_BANK = {
  beneficiary: 'Pesos & Produce Payments LLC',
  bank: 'Lone Star Commerce Bank',
  account: '4100 2281 9375',
  routing: '114000093',
  swift: 'LSCBUS44',
};

const LABELS: Record<Language, Record<keyof typeof RECEIVING_BANK | 'reference', string>> = {
  en: {
    beneficiary: 'Beneficiary',
    bank: 'Bank',
    account: 'Account number',
    routing: 'ABA routing number',
    swift: 'SWIFT',
    reference: 'Deposit reference (required)',
  },
  sp: {
    beneficiary: 'Beneficiario',
    bank: 'Banco',
    account: 'Número de cuenta',
    routing: 'Número de ruta ABA',
    swift: 'SWIFT',
    reference: 'Referencia de depósito (obligatoria)',
  },
};

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newDepositReference(): string {
  const bytes = randomBytes(8);
  let code = 'PP';
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return code;
}

export interface DepositAnswer {
  sReference: string;
  sEnterpriseId: string;
  dAmount: number;
  created_at: string;
}

/** Adding USD: the bank details to wire to, and the back office crediting a received wire. */
export class FundsService {
  /** The company's own SPEI deposit CLABE, when a SPEI rail gives one (rails/stp). */
  speiDepositClabe: ((enterpriseId: string) => Promise<string>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly now: () => Date,
  ) {}

  async depositInstructions(
    enterpriseId: string,
    language: Language,
  ): Promise<Array<{ label: string; value: string }>> {
    const reference = await this.depositReference(enterpriseId);
    const labels = LABELS[language];
    return [
      ...Object.entries(RECEIVING_BANK).map(([key, value]) => ({
        label: labels[key as keyof typeof RECEIVING_BANK],
        value,
      })),
      { label: labels.reference, value: reference },
    ];
  }

  /** The enterprise's own reference for wires, made on first use and never changed. */
  async depositReference(enterpriseId: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await repo.findDepositReference(this.db, enterpriseId);
      if (existing) return existing;
      try {
        await repo.setDepositReference(this.db, enterpriseId, newDepositReference());
      } catch (error) {
        // Another enterprise drew the same code: draw again.
        if (!(
          typeof error === 'object' &&
          error !== null &&
          'code' in error &&
          error.code === '23505'
        )) {
          throw error;
        }
      }
    }
    throw new Error('Could not assign a deposit reference');
  }

  /**
   * Credits a received wire once per bank reference. The same reference again answers
   * the first credit (created: false); with another enterprise or amount it is refused.
   */
  async creditDeposit(input: {
    enterpriseId: string;
    amountUsd: bigint;
    bankReference: string;
  }): Promise<{ created: boolean; deposit: DepositAnswer }> {
    if (!isUuid(input.enterpriseId)) throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
    const now = this.now();
    const result = await runMoneyWrite(
      this.db,
      {
        enterpriseId: input.enterpriseId,
        idempotencyKey: undefined,
        operation: 'ops/deposits',
        body: input,
        now,
      },
      async (trx) => {
        const credited = await this.creditDepositIn(trx, input, now);
        return { status: credited.created ? 201 : 200, body: credited.deposit };
      },
    );
    return { created: result.status === 201, deposit: result.body };
  }

  /**
   * The ledger write of a received wire, in the caller's transaction: the hand-typed credit
   * and the bank-statement import both credit through here, so one bank reference is credited
   * once whichever way it arrives first.
   */
  async creditDepositIn(
    trx: Trx,
    input: { enterpriseId: string; amountUsd: bigint; bankReference: string },
    now: Date,
  ): Promise<{ created: boolean; deposit: DepositAnswer }> {
    if (!(await repo.enterpriseExists(trx, input.enterpriseId))) {
      throw new AppError('NOT_FOUND', { field: 'sEnterpriseId' });
    }
    await repo.lockBankReference(trx, input.bankReference);
    const existing = await repo.findDeposit(trx, input.bankReference);
    if (existing) {
      if (
        existing.enterprise_id !== input.enterpriseId ||
        existing.amount_usd !== input.amountUsd
      ) {
        throw new AppError('INVALID_STATE', { field: 'sReference' });
      }
      return {
        created: false,
        deposit: toDepositAnswer(
          existing.bank_reference,
          existing.enterprise_id,
          existing.amount_usd,
          existing.created_at,
        ),
      };
    }
    const journalId = await this.ledger.post(trx, {
      enterpriseId: input.enterpriseId,
      kind: 'ADD_FUNDS',
      ...journalText({ code: 'WIRE_RECEIVED', params: { reference: input.bankReference } }),
      reference: input.bankReference,
      createdAt: now,
      lines: [
        { account: { house: 'HOUSE_BANK_USD' }, amount: -input.amountUsd },
        {
          account: { enterpriseId: input.enterpriseId, kind: 'USD_AVAILABLE' },
          amount: input.amountUsd,
        },
      ],
    });
    await repo.insertDeposit(trx, {
      bankReference: input.bankReference,
      enterpriseId: input.enterpriseId,
      amountUsd: input.amountUsd,
      journalId,
      createdAt: now,
    });
    await publishEvent(trx, {
      type: 'deposit.credited',
      sEnterpriseId: input.enterpriseId,
      at: now,
      data: {
        sBankReference: input.bankReference,
        dAmountUsd: moneyToDecimalString(input.amountUsd),
      },
    });
    return {
      created: true,
      deposit: toDepositAnswer(input.bankReference, input.enterpriseId, input.amountUsd, now),
    };
  }

  /** Serialises the credits of one bank reference within the caller's transaction. */
  async lockBankReference(trx: Trx, bankReference: string): Promise<void> {
    await repo.lockBankReference(trx, bankReference);
  }

  /** The credit already made for a bank reference, if any. */
  async depositByReference(
    trx: Trx,
    bankReference: string,
  ): Promise<{ enterpriseId: string; amountUsd: bigint } | undefined> {
    const row = await repo.findDeposit(trx, bankReference);
    return row ? { enterpriseId: row.enterprise_id, amountUsd: row.amount_usd } : undefined;
  }

  async listEnterprises(page: number, limit: number) {
    const [rows, total] = await Promise.all([
      repo.listEnterprisesWithBalances(this.db, { offset: (page - 1) * limit, limit }),
      repo.countEnterprises(this.db),
    ]);
    return {
      total,
      enterprises: rows.map((row) => ({
        sEnterpriseId: row.id,
        sName: row.name,
        sType: row.type,
        bVerified: row.verified,
        sDepositReference: row.deposit_reference,
        balances: {
          balanceUsd: moneyToNumber(row.usd ?? 0n),
          balanceMxn: moneyToNumber(row.mxn ?? 0n),
          blockedUsd: moneyToNumber(row.held ?? 0n),
        },
      })),
    };
  }
}

function toDepositAnswer(
  reference: string,
  enterpriseId: string,
  amount: bigint,
  at: Date,
): DepositAnswer {
  return {
    sReference: reference,
    sEnterpriseId: enterpriseId,
    dAmount: moneyToNumber(amount),
    created_at: at.toISOString(),
  };
}
