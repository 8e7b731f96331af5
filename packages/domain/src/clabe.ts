/**
 * CLABE, the 18-digit Mexican interbank account number: 3 bank + 3 city + 11 account +
 * 1 check digit. Unknown bank or city codes are never refused (lists lag real banks).
 */

export const CLABE_LENGTH = 18;

export type ClabeValidation =
  { ok: true } | { ok: false; reason: 'LENGTH' | 'NOT_DIGITS' | 'CHECK_DIGIT' };

const WEIGHTS = [3, 7, 1] as const;

/** Main participants of SPEI by the first 3 digits of the CLABE. */
export const CLABE_BANK_NAMES: Readonly<Record<string, string>> = {
  '002': 'BANAMEX',
  '006': 'BANCOMEXT',
  '009': 'BANOBRAS',
  '012': 'BBVA MEXICO',
  '014': 'SANTANDER',
  '019': 'BANJERCITO',
  '021': 'HSBC',
  '030': 'BAJIO',
  '036': 'INBURSA',
  '042': 'MIFEL',
  '044': 'SCOTIABANK',
  '058': 'BANREGIO',
  '059': 'INVEX',
  '062': 'AFIRME',
  '072': 'BANORTE',
  '106': 'BANK OF AMERICA',
  '127': 'AZTECA',
  '130': 'COMPARTAMOS',
  '137': 'BANCOPPEL',
  '143': 'CIBANCO',
  '166': 'BANCO DEL BIENESTAR',
  '638': 'NU MEXICO',
  '646': 'STP',
  '722': 'MERCADO PAGO',
};

/** Check digit of the first 17 digits: weights 3,7,1; (10 − Σ mod 10) mod 10. */
export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('A CLABE check digit needs 17 digits');
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += (Number(first17[index]) * WEIGHTS[index % 3]!) % 10;
  }
  return (10 - (sum % 10)) % 10;
}

export function validateClabe(value: string): ClabeValidation {
  if (!/^\d*$/.test(value)) return { ok: false, reason: 'NOT_DIGITS' };
  if (value.length !== CLABE_LENGTH) return { ok: false, reason: 'LENGTH' };
  if (clabeCheckDigit(value.slice(0, 17)) !== Number(value[17])) {
    return { ok: false, reason: 'CHECK_DIGIT' };
  }
  return { ok: true };
}

/** The bank's short name from the first 3 digits, or undefined when not in the table. */
export function bankNameFromClabe(clabe: string): string | undefined {
  return CLABE_BANK_NAMES[clabe.slice(0, 3)];
}

/** What a screen may show of an account: "********9719" for 032180000118359719. */
export function maskAccount(account: string): string {
  return `********${account.slice(-4)}`;
}

/** Builds a valid CLABE (for tests and demo data) from a 3-digit bank, 3-digit city and 11-digit account. */
export function makeClabe(bank: string, city: string, account11: string): string {
  if (!/^\d{3}$/.test(bank) || !/^\d{3}$/.test(city) || !/^\d{11}$/.test(account11)) {
    throw new RangeError('A CLABE is built from 3 + 3 + 11 digits');
  }
  const first17 = bank + city + account11;
  return first17 + String(clabeCheckDigit(first17));
}
