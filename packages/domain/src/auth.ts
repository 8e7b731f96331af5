import { z } from 'zod';

/** Account and session shapes of the HTTP contract (API.md, "Accounts and sessions"). */

export const ROLES = ['customer', 'vendor', 'operator'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A user's role inside their company: ADMIN runs the team and its settings,
 * APPROVER approves others' money calls, PREPARER prepares them (each one waits for an
 * approval), VIEWER reads every screen and writes nothing.
 */
export const TEAM_ROLES = ['ADMIN', 'APPROVER', 'PREPARER', 'VIEWER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const ENTERPRISE_TYPES = ['customer', 'vendor', 'operator'] as const;
export type EnterpriseType = (typeof ENTERPRISE_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const loginBodySchema = z.object({
  sEmail: email,
  // Any stored password was valid at signup; at login only bound the length.
  sPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** The second factor: a 6-digit TOTP code or a recovery code, when the user has one. */
  sTotp: z.string().trim().min(1).max(40).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const signupBodySchema = z
  .object({
    sName: z.string().trim().min(1).max(100),
    sLastName: z.string().trim().min(1).max(100),
    sEmail: email,
    sPassword: password,
    sConfirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
    sEnterpriseName: z.string().trim().min(1).max(200),
    sPhone: z
      .string()
      .trim()
      .min(7)
      .max(20)
      .regex(/^\+?[0-9 ()-]+$/),
  })
  .refine((body) => body.sPassword === body.sConfirmPassword, {
    path: ['sConfirmPassword'],
    message: 'PASSWORDS_DO_NOT_MATCH',
  });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const passwordRecoveryBodySchema = z.object({ sEmail: email });
export type PasswordRecoveryBody = z.infer<typeof passwordRecoveryBodySchema>;

export const changePasswordBodySchema = z
  .object({
    sPassword: password,
    sConfirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.sPassword === body.sConfirmPassword, {
    path: ['sConfirmPassword'],
    message: 'PASSWORDS_DO_NOT_MATCH',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const sessionUserSchema = z.object({
  sUserId: z.string(),
  sFullName: z.string(),
  sEmail: z.string(),
  sEnterpriseId: z.string(),
  sRole: z.enum(ROLES),
  isManager: z.boolean(),
  sTeamRole: z.enum(TEAM_ROLES),
  /** The user has a second factor (TOTP). */
  bTotpEnabled: z.boolean().optional(),
  /** The company requires a second factor and the user has none yet: lead them to set it up. */
  bTotpSetupRequired: z.boolean().optional(),
  /** The company's time zone (IANA): every time the user is shown is on its clock. */
  sTimeZone: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const enterpriseSummarySchema = z.object({
  sEnterpriseId: z.string(),
  sName: z.string(),
  bVerified: z.boolean(),
  sType: z.enum(ENTERPRISE_TYPES),
});
export type EnterpriseSummary = z.infer<typeof enterpriseSummarySchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  user: sessionUserSchema,
  enterprise: enterpriseSummarySchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;
