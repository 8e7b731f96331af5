import type { Statement, StatementEntry } from './api/statement';

/** A row of the statement table: an entry and its position in the period (entries have no id). */
export interface StatementRow extends StatementEntry {
  id: number;
}

export function statementRows(statement: Statement | undefined): StatementRow[] {
  const first = statement ? (statement.page - 1) * statement.limit : 0;
  return (statement?.entries ?? []).map((entry, index) => ({ ...entry, id: first + index }));
}

/** A line of the Excel file: the opening line, the movements, then closing and totals. */
export interface StatementExcelLine {
  date: string;
  description: string;
  type?: string | undefined;
  reference?: string | null | undefined;
  debit?: number | undefined;
  credit?: number | undefined;
  balance: number;
}

export function statementExcelLines(
  statement: Statement | undefined,
  labels: {
    opening: string;
    closing: string;
    date: (calendarDate: string) => string;
    type: (kind: string) => string;
  },
): StatementExcelLine[] {
  if (!statement) return [];
  // A year may hold 100,000 movements of a dozen kinds: each kind is named once.
  const typeNames = new Map<string, string>();
  const typeName = (kind: string) => {
    let name = typeNames.get(kind);
    if (name === undefined) {
      name = labels.type(kind);
      typeNames.set(kind, name);
    }
    return name;
  };
  return [
    {
      date: labels.date(statement.dFrom),
      description: labels.opening,
      balance: statement.openingBalance,
    },
    ...statement.entries.map((entry) => ({
      date: labels.date(entry.dDate),
      description: entry.sDescription,
      type: typeName(entry.sType),
      reference: entry.sReference,
      // An empty side of a movement is 0, not 'N/A': the amount is known.
      debit: entry.dDebit,
      credit: entry.dCredit,
      balance: entry.dBalance,
    })),
    {
      date: labels.date(statement.dTo),
      description: labels.closing,
      debit: statement.dTotalDebit,
      credit: statement.dTotalCredit,
      balance: statement.closingBalance,
    },
  ];
}
