import {
  legalIdProblems,
  normalizeCompanyTaxId,
  type EnterpriseType,
  type TeamRole,
} from '@app/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthService } from '../auth/auth.service.js';
import { startBankChangeCoolingOff } from '../bank-changes/bank-change.js';
import { isUuid } from '../rates/rates.service.js';
import type { PasswordConfirmer } from '../two-factor/step-up.js';
import * as repo from './profile.repository.js';
// eslint-disable-next-line no-restricted-imports -- a role change locks the team's admins in the profile's transaction
import {
  findMemberForUpdate,
  lockOtherActiveAdmins,
  updateMemberAccess,
} from '../team/team.repository.js';
import type { BankFields, EnterpriseProfileFields } from './profile.repository.js';

export type { BankFields, EnterpriseProfileFields } from './profile.repository.js';

const USERS_CAP = 100;

export interface EnterpriseAnswer {
  sEnterpriseId: string;
  sName: string;
  bVerified: boolean;
  sLegalAddress: string | null;
  sPacaLicense: string | null;
  sBlueBookNumber: string | null;
  sTaxId: string | null;
  sDescription: string | null;
  sType: EnterpriseType;
  /** The company's time zone (IANA): every time its people are shown is on this clock. */
  sTimeZone: string;
}

export interface UserAnswer {
  sUserId: string;
  sName: string;
  sLastName: string;
  sEmail: string;
  sPhone: string | null;
  sJobTitle: string | null;
  sRole: string;
  isManager: boolean;
  sTeamRole: TeamRole;
  bActive: boolean;
  bTotpEnabled: boolean;
  created_at: string;
}

/** The bank registration in the specification's sub-account field names. */
export interface BankAnswer {
  sBank_name: string | null;
  sAccount_number: string | null;
  sRouting_number: string | null;
  clabe: string | null;
  sBank_mxn_account: string | null;
  /** Payouts wait until then: the cooling-off after the CLABE changed (null when none). */
  dPayoutsHeldUntil: string | null;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

function toUserAnswer(row: UserRow): UserAnswer {
  return {
    sUserId: row.id,
    sName: row.first_name,
    sLastName: row.last_name,
    sEmail: row.email,
    sPhone: row.phone,
    sJobTitle: row.job_title,
    sRole: row.role,
    isManager: row.is_manager,
    sTeamRole: row.team_role,
    bActive: row.active,
    bTotpEnabled: row.totp_enabled_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

/** Company profile, the signed-in user's details, sub-users and the vendor's bank data. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly now: () => Date,
  ) {}

  /** Checks a signed-in user's password again (the step-up of users without a second factor). */
  get passwords(): PasswordConfirmer {
    return this.auth;
  }

  /** The caller's own enterprise; any other id is not found. */
  async enterprise(callerEnterpriseId: string, enterpriseId = callerEnterpriseId) {
    if (enterpriseId !== callerEnterpriseId) throw new AppError('NOT_FOUND');
    const row = await repo.findEnterprise(this.db, callerEnterpriseId);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      sEnterpriseId: row.id,
      sName: row.name,
      bVerified: row.verified,
      sLegalAddress: row.legal_address,
      sPacaLicense: row.paca_license,
      sBlueBookNumber: row.blue_book_number,
      sTaxId: row.tax_id,
      sDescription: row.description,
      sType: row.type,
      sTimeZone: row.time_zone,
    } satisfies EnterpriseAnswer;
  }

  /** The verified flag is the back office's to set, never the company's. */
  async updateEnterprise(
    enterpriseId: string,
    fields: EnterpriseProfileFields,
  ): Promise<EnterpriseAnswer> {
    // The legal ids are checked (PACA licence, EIN or company RFC) before anything is written.
    const problem = legalIdProblems(fields)[0];
    if (problem) throw new AppError('INVALID_INPUT', { field: problem.field });
    const taxId = fields.taxId ? (normalizeCompanyTaxId(fields.taxId) ?? null) : null;
    await repo.updateEnterpriseProfile(this.db, enterpriseId, { ...fields, taxId });
    // Each session carries the company's time zone: the team's next requests read it again.
    if (fields.timeZone !== undefined) this.auth.forgetEnterprise(enterpriseId);
    return this.enterprise(enterpriseId);
  }

  async me(enterpriseId: string, userId: string): Promise<UserAnswer> {
    const row = await repo.findUser(this.db, enterpriseId, userId);
    if (!row) throw new AppError('NOT_FOUND');
    return toUserAnswer(row);
  }

  async updateMe(
    enterpriseId: string,
    userId: string,
    fields: { firstName: string; lastName: string; phone: string | null; jobTitle: string | null },
  ): Promise<UserAnswer> {
    await repo.updateOwnDetails(this.db, enterpriseId, userId, fields);
    this.auth.forgetUser(userId);
    return this.me(enterpriseId, userId);
  }

  async users(enterpriseId: string, page: number, limit: number) {
    const [rows, total] = await Promise.all([
      repo.listUsers(this.db, enterpriseId, { offset: (page - 1) * limit, limit }),
      repo.countUsers(this.db, enterpriseId),
    ]);
    return { users: rows.map(toUserAnswer), total, page, limit };
  }

  /**
   * A manager invites a sub-user: the account is made with no usable password and an
   * e-mail carries a single-use link to choose one.
   */
  async inviteUser(
    inviter: {
      enterpriseId: string;
      enterpriseType: EnterpriseType;
      userId: string;
      fullName: string;
    },
    invitee: {
      email: string;
      firstName: string;
      lastName: string;
      phone: string | null;
      jobTitle: string | null;
      isManager: boolean;
      teamRole?: TeamRole | undefined;
    },
  ): Promise<UserAnswer> {
    if (inviter.enterpriseType === 'operator') throw new AppError('NOT_FOUND');
    if ((await repo.countUsers(this.db, inviter.enterpriseId)) >= USERS_CAP) {
      throw new AppError('INVALID_STATE', { field: 'sEmail' });
    }
    const enterprise = await this.enterprise(inviter.enterpriseId);
    const userId = await this.auth.inviteUser({
      enterpriseId: inviter.enterpriseId,
      enterpriseName: enterprise.sName,
      inviterName: inviter.fullName,
      email: invitee.email,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      phone: invitee.phone,
      jobTitle: invitee.jobTitle,
      role: inviter.enterpriseType,
      isManager: invitee.isManager,
      teamRole: invitee.teamRole,
    });
    return this.me(inviter.enterpriseId, userId);
  }

  /**
   * Changes a member's team role (the admin flag is ADMIN: granting it makes an ADMIN,
   * removing it a PREPARER), deactivates or reactivates them. The company keeps one active
   * ADMIN at least: the change that would leave none is refused (409 LAST_ADMIN), with the
   * ADMIN rows locked so two ADMINs demoting each other at once cannot both succeed.
   */
  async updateUserAccess(
    enterpriseId: string,
    callerUserId: string,
    userId: string,
    access: {
      isManager?: boolean | undefined;
      teamRole?: TeamRole | undefined;
      active?: boolean | undefined;
    },
  ): Promise<UserAnswer> {
    if (!isUuid(userId)) throw new AppError('NOT_FOUND');
    // The caller is an ADMIN; refusing their own demotion keeps them in charge.
    if (userId === callerUserId) {
      if (access.active === false) throw new AppError('INVALID_STATE', { field: 'bActive' });
      if (access.isManager === false) throw new AppError('INVALID_STATE', { field: 'isManager' });
      if (access.teamRole !== undefined && access.teamRole !== 'ADMIN') {
        throw new AppError('INVALID_STATE', { field: 'sTeamRole' });
      }
    }
    await this.db.transaction().execute(async (trx) => {
      const otherAdmins = await lockOtherActiveAdmins(trx, enterpriseId, userId);
      const member = await findMemberForUpdate(trx, enterpriseId, userId);
      if (!member) throw new AppError('NOT_FOUND');
      let teamRole = access.teamRole;
      if (teamRole === undefined && access.isManager !== undefined) {
        teamRole = access.isManager
          ? 'ADMIN'
          : member.team_role === 'ADMIN'
            ? 'PREPARER'
            : undefined;
      }
      const staysAdmin =
        (teamRole ?? member.team_role) === 'ADMIN' && (access.active ?? member.active);
      if (member.team_role === 'ADMIN' && member.active && !staysAdmin && otherAdmins === 0) {
        throw new AppError('LAST_ADMIN');
      }
      await updateMemberAccess(trx, enterpriseId, userId, { teamRole, active: access.active });
    });
    this.auth.forgetUser(userId);
    return this.me(enterpriseId, userId);
  }

  async bank(enterpriseId: string): Promise<BankAnswer> {
    const row = await repo.findEnterprise(this.db, enterpriseId);
    if (!row) throw new AppError('NOT_FOUND');
    const heldUntil = row.payouts_held_until;
    return {
      sBank_name: row.bank_name,
      sAccount_number: row.bank_account_number,
      sRouting_number: row.bank_routing_number,
      clabe: row.clabe,
      sBank_mxn_account: row.bank_name_mxn,
      dPayoutsHeldUntil: heldUntil && heldUntil > this.now() ? heldUntil.toISOString() : null,
    };
  }

  /**
   * Registers the grower's bank data (the caller has passed the step-up). A new CLABE is where
   * its sales will be paid, so it is a protected change, in one transaction: the company's
   * cooling-off starts (payouts wait until it ends, then go to the new account), every ADMIN
   * is e-mailed and the change is listed for the back office (`startBankChangeCoolingOff`).
   */
  async updateBank(
    enterpriseId: string,
    userId: string | null,
    bank: BankFields,
  ): Promise<BankAnswer> {
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.lockEnterpriseBank(trx, enterpriseId);
      if (!before) throw new AppError('NOT_FOUND');
      await repo.updateEnterpriseBank(trx, enterpriseId, bank);
      // A first CLABE redirects nothing: no order can be placed with a grower before it has
      // one (GROWER_NOT_PAYABLE), so only a change of an existing account is held.
      if (before.clabe === null || before.clabe === bank.clabe) return;
      const heldUntil = await startBankChangeCoolingOff(trx, {
        enterpriseId,
        kind: 'PAYOUT_ACCOUNT',
        userId,
        ownerName: before.name,
        oldClabe: before.clabe,
        newClabe: bank.clabe,
        now: this.now(),
      });
      await repo.holdPayouts(trx, enterpriseId, heldUntil);
    });
    return this.bank(enterpriseId);
  }
}
