import { sql, type Kysely } from 'kysely';

/**
 * Journal descriptions as a code and its parameters, rendered in the reader's
 * language when a statement is read (on screen, Excel, PDF). The English text stays in
 * `description`. Existing journals get their code from the text every writer used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journals add column description_code text`.execute(db);
  await sql`alter table journals add column description_params jsonb`.execute(db);
  await backfillDescriptionCodes(db);
}

/**
 * Gives journals written before codes existed the code and parameters of their text. The
 * description itself is unchanged; the append-only trigger is set aside for this one
 * update of the two new columns (the migration runs in one transaction).
 */
export async function backfillDescriptionCodes(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journals disable trigger journals_append_only`.execute(db);
  try {
    await fillCodes(db);
  } finally {
    await sql`alter table journals enable trigger journals_append_only`.execute(db);
  }
}

async function fillCodes(db: Kysely<unknown>): Promise<void> {
  const patterns: Array<{ code: string; pattern: string; params: string[] }> = [
    { code: 'WIRE_RECEIVED', pattern: '^Wire received, reference (.*)$', params: ['reference'] },
    { code: 'FOREX', pattern: '^Forex #([0-9]+): USD to MXN$', params: ['tracking'] },
    {
      code: 'FORWARD_BOOKING',
      pattern: '^Forward #([0-9]+): 5% deposit held until ([0-9]{4}-[0-9]{2}-[0-9]{2})$',
      params: ['tracking', 'date'],
    },
    { code: 'FORWARD_SETTLED', pattern: '^Forward #([0-9]+) settled$', params: ['tracking'] },
    {
      code: 'SUPPLIER_PAYMENT',
      pattern: '^Payment to (.*) from conversion #([0-9]+)$',
      params: ['recipient', 'tracking'],
    },
    { code: 'PAY_NOW', pattern: '^Pay now to (.*)$', params: ['recipient'] },
    { code: 'PAYOUT_COMPLETED', pattern: '^Payout (.*) completed$', params: ['trackingKey'] },
    {
      code: 'PAYOUT_RETURNED',
      pattern: '^Payout (.*) returned by the receiving bank$',
      params: ['trackingKey'],
    },
  ];
  for (const { code, pattern, params } of patterns) {
    const pairs = params.flatMap((name, index) => [
      sql.lit(name),
      sql`(regexp_match(description, ${sql.lit(pattern)}))[${sql.lit(index + 1)}]`,
    ]);
    await sql`
      update journals
      set description_code = ${sql.lit(code)},
        description_params = jsonb_build_object(${sql.join(pairs)})
      where description_code is null and description ~ ${sql.lit(pattern)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journals drop column description_params`.execute(db);
  await sql`alter table journals drop column description_code`.execute(db);
}
