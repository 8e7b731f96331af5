import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  language: string | undefined;
}

/**
 * A real SMTP server on a free loopback port: the app's SMTP_URL points at it, and each
 * message it accepts is parsed (headers decoded, body decoded) into `messages`.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  messages: ReceivedEmail[];
  close(): Promise<void>;
}> {
  const messages: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = ([] as AddressObject[])
            .concat(mail.to ?? [])
            .flatMap((address) => address.value.map((entry) => entry.address ?? ''));
          const language = mail.headers.get('content-language');
          messages.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            language: typeof language === 'string' ? language : undefined,
          });
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
