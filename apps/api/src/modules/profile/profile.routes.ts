import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clabeSchema, emailSchema, isTimeZone, TEAM_ROLES } from '@app/domain';
import { principalOf } from '../../plugins/session.js';
import { assertStepUpOrPassword, stepUpCodeOf, stepUpHeaderSchema } from '../two-factor/step-up.js';
import { memberCaller, sessionHook, vendorCaller } from '../marketplace-access.js';
import type { ProfileService } from './profile.service.js';
import { pageAnswerFields, pageQueryFields } from '../pagination.js';

const tags = ['marketplace'];
const security = [{ bearerAuth: [] }];
const idSchema = z.string().trim().min(1).max(64);

/** Optional text: trimmed, and an empty answer is stored as nothing. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

const enterpriseSchema = z.object({
  sEnterpriseId: z.string(),
  sName: z.string(),
  bVerified: z.boolean(),
  sLegalAddress: z.string().nullable(),
  sPacaLicense: z.string().nullable(),
  sBlueBookNumber: z.string().nullable(),
  sTaxId: z.string().nullable(),
  sDescription: z.string().nullable(),
  sType: z.string(),
  sTimeZone: z
    .string()
    .describe('The company time zone (IANA): every time shown to the company is on its clock'),
});

const userSchema = z.object({
  sUserId: z.string(),
  sName: z.string(),
  sLastName: z.string(),
  sEmail: z.string(),
  sPhone: z.string().nullable(),
  sJobTitle: z.string().nullable(),
  sRole: z.string(),
  isManager: z.boolean(),
  sTeamRole: z.enum(TEAM_ROLES).describe('ADMIN, APPROVER, PREPARER or VIEWER in the company'),
  bActive: z.boolean(),
  bTotpEnabled: z.boolean().describe('Whether the user has a second factor on'),
  created_at: z.string(),
});

const bankSchema = z.object({
  sBank_name: z.string().nullable(),
  sAccount_number: z.string().nullable(),
  sRouting_number: z.string().nullable(),
  clabe: z.string().nullable(),
  sBank_mxn_account: z.string().nullable(),
  dPayoutsHeldUntil: z
    .string()
    .nullable()
    .describe('Payouts wait until then: the cooling-off after the CLABE changed'),
});

/** Company profile, own details, sub-users and the vendor's bank registration. */
export async function profileRoutes(
  app: FastifyInstance,
  options: { profile: ProfileService },
): Promise<void> {
  const { profile } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = sessionHook(app, memberCaller);
  const manager = sessionHook(app, memberCaller, { manager: true });
  const vendor = sessionHook(app, vendorCaller);
  const vendorManager = sessionHook(app, vendorCaller, { manager: true });

  routes.get(
    '/customers/enterprises/:enterpriseId',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "The caller's own enterprise (any other id is not found)",
        security,
        params: z.object({ enterpriseId: idSchema }),
        response: { 200: z.object({ results: enterpriseSchema }) },
      },
    },
    async (request) => ({
      results: await profile.enterprise(
        principalOf(request).enterpriseId,
        request.params.enterpriseId,
      ),
    }),
  );

  routes.get(
    '/profile/enterprise',
    {
      onRequest: member,
      schema: {
        tags,
        summary: "The caller's company profile",
        security,
        response: { 200: z.object({ enterprise: enterpriseSchema }) },
      },
    },
    async (request) => ({
      enterprise: await profile.enterprise(principalOf(request).enterpriseId),
    }),
  );

  routes.put(
    '/profile/enterprise',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: 'Edit the company profile (verification is set by the back office only)',
        security,
        body: z.object({
          sName: z.string().trim().min(1).max(200),
          sLegalAddress: optionalText(300),
          sPacaLicense: optionalText(40),
          sBlueBookNumber: optionalText(40),
          sTaxId: optionalText(40),
          sDescription: optionalText(4000),
          sTimeZone: z
            .string()
            .max(64)
            .refine(isTimeZone, 'TIME_ZONE_UNKNOWN')
            .optional()
            .describe('An IANA time zone (e.g. America/Chicago); unchanged when left out'),
        }),
        response: { 200: z.object({ enterprise: enterpriseSchema }) },
      },
    },
    async (request) => ({
      enterprise: await profile.updateEnterprise(principalOf(request).enterpriseId, {
        name: request.body.sName,
        legalAddress: request.body.sLegalAddress,
        pacaLicense: request.body.sPacaLicense,
        blueBookNumber: request.body.sBlueBookNumber,
        taxId: request.body.sTaxId,
        description: request.body.sDescription,
        timeZone: request.body.sTimeZone,
      }),
    }),
  );

  routes.get(
    '/profile/me',
    {
      onRequest: member,
      schema: {
        tags,
        summary: "The signed-in user's details",
        security,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return { user: await profile.me(principal.enterpriseId, principal.user.sUserId) };
    },
  );

  routes.put(
    '/profile/me',
    {
      onRequest: member,
      schema: {
        tags,
        summary: "Edit the signed-in user's name, phone and job title",
        security,
        body: z.object({
          sName: z.string().trim().min(1).max(100),
          sLastName: z.string().trim().min(1).max(100),
          sPhone: optionalText(40),
          sJobTitle: optionalText(100),
        }),
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        user: await profile.updateMe(principal.enterpriseId, principal.user.sUserId, {
          firstName: request.body.sName,
          lastName: request.body.sLastName,
          phone: request.body.sPhone,
          jobTitle: request.body.sJobTitle,
        }),
      };
    },
  );

  routes.get(
    '/profile/users',
    {
      onRequest: member,
      schema: {
        tags,
        summary: "The company's users (sub-users) by name",
        security,
        querystring: z.object(pageQueryFields(50)),
        response: {
          200: z.object({
            users: z.array(userSchema),
            ...pageAnswerFields,
          }),
        },
      },
    },
    async (request) =>
      profile.users(principalOf(request).enterpriseId, request.query.page, request.query.limit),
  );

  routes.post(
    '/profile/users',
    {
      onRequest: manager,
      schema: {
        tags,
        summary: 'Invite a sub-user: the account is created and an e-mail link sets its password',
        security,
        body: z.object({
          sName: z.string().trim().min(1).max(100),
          sLastName: z.string().trim().min(1).max(100),
          sEmail: emailSchema,
          sPhone: optionalText(40),
          sJobTitle: optionalText(100),
          isManager: z.boolean().default(false),
          sTeamRole: z
            .enum(TEAM_ROLES)
            .optional()
            .describe('PREPARER by default (ADMIN with isManager)'),
        }),
        response: { 201: z.object({ user: userSchema }) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const user = await profile.inviteUser(
        {
          enterpriseId: principal.enterpriseId,
          enterpriseType: principal.enterpriseType,
          userId: principal.user.sUserId,
          fullName: principal.user.sFullName,
        },
        {
          email: request.body.sEmail,
          firstName: request.body.sName,
          lastName: request.body.sLastName,
          phone: request.body.sPhone,
          jobTitle: request.body.sJobTitle,
          isManager: request.body.isManager,
          teamRole: request.body.sTeamRole,
        },
      );
      return reply.status(201).send({ user });
    },
  );

  routes.put(
    '/profile/users/:userId',
    {
      onRequest: manager,
      schema: {
        tags,
        summary:
          "Change a member's team role (or admin flag), or deactivate/reactivate them (not oneself); the last ADMIN stays",
        security,
        params: z.object({ userId: idSchema }),
        body: z.object({
          isManager: z.boolean().optional(),
          sTeamRole: z.enum(TEAM_ROLES).optional(),
          bActive: z.boolean().optional(),
        }),
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        user: await profile.updateUserAccess(
          principal.enterpriseId,
          principal.user.sUserId,
          request.params.userId,
          {
            isManager: request.body.isManager,
            teamRole: request.body.sTeamRole,
            active: request.body.bActive,
          },
        ),
      };
    },
  );

  routes.get(
    '/profile/bank',
    {
      onRequest: vendor,
      schema: {
        tags,
        summary: "The vendor's bank registration (where its sales are paid)",
        security,
        response: { 200: z.object({ bank: bankSchema }) },
      },
    },
    async (request) => ({ bank: await profile.bank(principalOf(request).enterpriseId) }),
  );

  routes.put(
    '/profile/bank',
    {
      onRequest: vendorManager,
      schema: {
        tags,
        summary:
          "Register the vendor's bank data: US account (optional) and a CLABE. Asks a fresh second-factor code (x-totp-code), or the password (sPassword) of a user without one; a new CLABE starts the cooling-off (payouts wait until dPayoutsHeldUntil) and e-mails every ADMIN",
        security,
        headers: z.object(stepUpHeaderSchema),
        body: z.object({
          sBank_name: optionalText(100),
          sAccount_number: z
            .string()
            .trim()
            .regex(/^\d{4,17}$/, { error: 'ACCOUNT_NUMBER_DIGITS' })
            .nullish()
            .or(z.literal(''))
            .transform((value) => (value ? value : null)),
          sRouting_number: z
            .string()
            .trim()
            .regex(/^\d{9}$/, { error: 'ROUTING_NUMBER_DIGITS' })
            .nullish()
            .or(z.literal(''))
            .transform((value) => (value ? value : null)),
          clabe: z.string().max(40).pipe(clabeSchema),
          sBank_mxn_account: z.string().trim().min(1).max(100),
          sPassword: z
            .string()
            .max(200)
            .optional()
            .describe("The caller's password, when the caller has no second factor"),
        }),
        response: { 200: z.object({ bank: bankSchema }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      // Where the company is paid: a stolen session alone must not be able to change it.
      await assertStepUpOrPassword(app.twoFactor, profile.passwords, {
        userId: principal.user.sUserId,
        ip: request.ip,
        code: stepUpCodeOf(request),
        password: request.body.sPassword,
      });
      const before = await profile.bank(principal.enterpriseId);
      const bank = await profile.updateBank(principal.enterpriseId, principal.user.sUserId, {
        bankName: request.body.sBank_name,
        accountNumber: request.body.sAccount_number,
        routingNumber: request.body.sRouting_number,
        clabe: request.body.clabe,
        bankNameMxn: request.body.sBank_mxn_account,
      });
      request.audit = { entity: `enterprise/${principal.enterpriseId}/bank`, before, after: bank };
      return { bank };
    },
  );
}
