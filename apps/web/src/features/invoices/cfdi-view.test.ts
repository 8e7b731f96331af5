import { describe, expect, it } from 'vitest';
import { creditNoteLines, isPpd, paymentLines, satStateOf } from './cfdi-view';

const payment = {
  sPaymentId: 'p',
  dAmount: 1000,
  dPaidAt: '2026-11-02T16:00:00Z',
  sComplement: 'DUE' as const,
  sComplementUuid: null,
  dComplementAmount: null,
};

describe('satStateOf', () => {
  it('names each SAT answer, and a failed call as unknown rather than valid', () => {
    expect(satStateOf('VIGENTE')).toBe('valid');
    expect(satStateOf('CANCELADO')).toBe('cancelled');
    expect(satStateOf('NO_ENCONTRADO')).toBe('notFound');
    expect(satStateOf('UNKNOWN')).toBe('unknown');
    expect(satStateOf(null)).toBe('unasked');
  });
});

describe('creditNoteLines', () => {
  it('lists the notes oldest first with the payable left after each, in exact cents', () => {
    // 1,000.00 was invoiced; two notes lowered the stored total to 899.90, 100.00 was paid.
    const lines = creditNoteLines({ dTotalAmount: 899.9, dPaidAmount: 100 }, [
      { sUuid: 'B', sRelation: '01', dAmount: 0.1, dIssuedOn: '2026-11-05' },
      { sUuid: 'A', sRelation: '01', dAmount: 100, dIssuedOn: '2026-11-01' },
    ]);
    expect(lines.map((line) => [line.sUuid, line.dRemaining])).toEqual([
      ['A', 800],
      ['B', 799.9],
    ]);
  });

  it('never shows a negative payable', () => {
    const [line] = creditNoteLines({ dTotalAmount: 50, dPaidAmount: 80 }, [
      { sUuid: 'A', sRelation: '01', dAmount: 50, dIssuedOn: '2026-11-01' },
    ]);
    expect(line?.dRemaining).toBe(0);
  });
});

describe('paymentLines', () => {
  it('says of each payment, oldest first, whether its complement is due, received or flagged', () => {
    const lines = paymentLines({
      aPayments: [
        { ...payment, sPaymentId: 'late', dPaidAt: '2026-11-20T16:00:00Z' },
        {
          ...payment,
          sPaymentId: 'flagged',
          dPaidAt: '2026-11-10T16:00:00Z',
          sComplement: 'MISMATCH',
          sComplementUuid: 'U2',
          dComplementAmount: 990,
        },
        {
          ...payment,
          sPaymentId: 'settled',
          sComplement: 'MATCHED',
          sComplementUuid: 'U1',
          dComplementAmount: 1000,
        },
      ],
    });
    expect(lines.map((line) => [line.sPaymentId, line.state, line.sComplementUuid])).toEqual([
      ['settled', 'received', 'U1'],
      ['flagged', 'mismatch', 'U2'],
      ['late', 'due', null],
    ]);
  });

  it('knows a PPD CFDI from a PUE one', () => {
    expect(isPpd({ sMetodoPago: 'PPD' })).toBe(true);
    expect(isPpd({ sMetodoPago: 'PUE' })).toBe(false);
    expect(isPpd({ sMetodoPago: null })).toBe(false);
  });
});
