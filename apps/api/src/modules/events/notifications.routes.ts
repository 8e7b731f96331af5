import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_TYPES, LANGUAGES, type EventType, type Language } from '@app/domain';
import type { Db } from '../../db/database.js';
import { principalOf } from '../../plugins/session.js';
import { memberCaller, sessionHook } from '../marketplace-access.js';
import { findNotificationSettings, saveNotificationSettings } from './events.repository.js';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

const settingsSchema = z.object({
  sLanguage: z.enum(LANGUAGES).describe('The language of the e-mails'),
  events: z.array(z.object({ sEvent: z.enum(EVENT_TYPES), bEnabled: z.boolean() })),
});

function toAnswer(settings: { language: Language; disabledEvents: string[] } | undefined) {
  const disabled = new Set(settings?.disabledEvents ?? []);
  return {
    sLanguage: settings?.language ?? ('en' as Language),
    events: EVENT_TYPES.map((sEvent) => ({ sEvent, bEnabled: !disabled.has(sEvent) })),
  };
}

/** The caller's own e-mail notifications: which kinds, in which language. */
export async function notificationsRoutes(
  app: FastifyInstance,
  options: { db: Db; now: () => Date },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const member = sessionHook(app, memberCaller);

  routes.get(
    '/profile/notifications',
    {
      onRequest: member,
      schema: {
        tags,
        summary: 'Your e-mail notifications: each kind on or off, and their language',
        security,
        response: { 200: z.object({ notifications: settingsSchema }) },
      },
    },
    async (request) => ({
      notifications: toAnswer(
        await findNotificationSettings(options.db, principalOf(request).user.sUserId),
      ),
    }),
  );

  routes.put(
    '/profile/notifications',
    {
      onRequest: member,
      schema: {
        tags,
        summary: 'Turn kinds of e-mail notifications on or off (a kind not listed is on)',
        security,
        body: settingsSchema,
        response: { 200: z.object({ notifications: settingsSchema }) },
      },
    },
    async (request) => {
      const userId = principalOf(request).user.sUserId;
      const disabledEvents: EventType[] = [
        ...new Set(request.body.events.filter((event) => !event.bEnabled).map((e) => e.sEvent)),
      ];
      await saveNotificationSettings(options.db, {
        userId,
        language: request.body.sLanguage,
        disabledEvents,
        at: options.now(),
      });
      return { notifications: toAnswer(await findNotificationSettings(options.db, userId)) };
    },
  );
}
