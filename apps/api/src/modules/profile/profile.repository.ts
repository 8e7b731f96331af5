import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** SQL of company profiles, their users and bank data; scoped by the enterprise. */

export interface EnterpriseProfileFields {
  name: string;
  legalAddress: string | null;
  pacaLicense: string | null;
  blueBookNumber: string | null;
  taxId: string | null;
  description: string | null;
  /** The company's time zone (IANA); unchanged when not given. */
  timeZone?: string | undefined;
}

export interface BankFields {
  bankName: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
  clabe: string;
  bankNameMxn: string;
}

export async function findEnterprise(db: Executor, enterpriseId: string) {
  return db
    .selectFrom('enterprises')
    .select([
      'id',
      'name',
      'type',
      'verified',
      'legal_address',
      'paca_license',
      'blue_book_number',
      'tax_id',
      'description',
      'bank_name',
      'bank_account_number',
      'bank_routing_number',
      'clabe',
      'bank_name_mxn',
      'payouts_held_until',
      'time_zone',
    ])
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
}

/** The enterprise's payout account, locked until commit (a bank change reads then writes). */
export async function lockEnterpriseBank(db: Executor, enterpriseId: string) {
  return db
    .selectFrom('enterprises')
    .select(['id', 'name', 'clabe', 'payouts_held_until'])
    .where('id', '=', enterpriseId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Starts (or moves) the cooling-off of the enterprise's payouts: new marketplace payouts
 * wait until `until`, and so do the payouts already waiting for an earlier change.
 */
export async function holdPayouts(db: Executor, enterpriseId: string, until: Date): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({ payouts_held_until: until })
    .where('id', '=', enterpriseId)
    .execute();
  await db
    .updateTable('orders')
    .set({ payout_held_until: until })
    .where('vendor_enterprise_id', '=', enterpriseId)
    .where('payout_held_until', 'is not', null)
    .where('released_at', 'is', null)
    .execute();
}

function sameLegalIds(fields: EnterpriseProfileFields) {
  return sql<boolean>`(paca_license is not distinct from ${fields.pacaLicense}::text
    and tax_id is not distinct from ${fields.taxId}::text)`;
}

export async function updateEnterpriseProfile(
  db: Executor,
  enterpriseId: string,
  fields: EnterpriseProfileFields,
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set(() => ({
      name: fields.name,
      legal_address: fields.legalAddress,
      paca_license: fields.pacaLicense,
      blue_book_number: fields.blueBookNumber,
      tax_id: fields.taxId,
      description: fields.description,
      ...(fields.timeZone === undefined ? {} : { time_zone: fields.timeZone }),
      // Changed legal ids lose the back office's verification until it checks them again;
      // the reason of that verification goes with it (a reason on an unverified company
      // is always why the back office withdrew it).
      verified: sql<boolean>`verified and ${sameLegalIds(fields)}`,
      verification_reason: sql<
        string | null
      >`case when ${sameLegalIds(fields)} or not verified then verification_reason end`,
    }))
    .where('id', '=', enterpriseId)
    .execute();
}

export async function updateEnterpriseBank(
  db: Executor,
  enterpriseId: string,
  bank: BankFields,
): Promise<void> {
  await db
    .updateTable('enterprises')
    .set({
      bank_name: bank.bankName,
      bank_account_number: bank.accountNumber,
      bank_routing_number: bank.routingNumber,
      clabe: bank.clabe,
      bank_name_mxn: bank.bankNameMxn,
    })
    .where('id', '=', enterpriseId)
    .execute();
}

const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'job_title',
  'role',
  'is_manager',
  'team_role',
  'active',
  'totp_enabled_at',
  'created_at',
] as const;

export async function findUser(db: Executor, enterpriseId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function listUsers(
  db: Executor,
  enterpriseId: string,
  page: { offset: number; limit: number },
) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countUsers(db: Executor, enterpriseId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateOwnDetails(
  db: Executor,
  enterpriseId: string,
  userId: string,
  fields: { firstName: string; lastName: string; phone: string | null; jobTitle: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: fields.firstName,
      last_name: fields.lastName,
      phone: fields.phone,
      job_title: fields.jobTitle,
    })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .execute();
}

export async function updateUserAccess(
  db: Executor,
  enterpriseId: string,
  userId: string,
  access: { isManager?: boolean | undefined; active?: boolean | undefined },
): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({
      ...(access.isManager === undefined ? {} : { is_manager: access.isManager }),
      ...(access.active === undefined ? {} : { active: access.active }),
    })
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
