import type { ColumnType, Generated } from 'kysely';
import type { EnterpriseType, Role } from '@app/domain';

/** Table types of the database. Money columns are bigint minor units; calendar dates are strings. */

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface EnterprisesTable {
  id: string;
  name: string;
  type: EnterpriseType;
  verified: Generated<boolean>;
  legal_address: string | null;
  paca_license: string | null;
  blue_book_number: string | null;
  tax_id: string | null;
  description: string | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  enterprise_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  job_title: string | null;
  password_hash: string;
  role: Role;
  is_manager: boolean;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface PasswordResetsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string;
  created_at: Date;
}

export interface OutboxEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: CreatedAt;
  claimed_at: Date | null;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface Database {
  enterprises: EnterprisesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  outbox_emails: OutboxEmailsTable;
}
