// The end-to-end server's mailbox: a real SMTP server (the API's SMTP_URL points at it) and an
// HTTP page listing what it received, so a spec reads the e-mails a user would get.
//   node e2e/mail-sink.mjs <http port> <smtp port>
// GET /messages answers [{ to, subject, text }], oldest first.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [httpPort, smtpPort] = process.argv.slice(2).map(Number);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = [mail.to ?? []]
          .flat()
          .flatMap((address) => address.value.map((entry) => entry.address ?? ''));
        messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      })
      .catch((error) => callback(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(request.url === '/messages' ? messages : { ok: true }));
}).listen(httpPort, '127.0.0.1');
