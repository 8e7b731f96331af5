import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A local stand-in for the SAT's CFDI status service: answers each `Consulta` with the
 * recorded answer set for the UUID in its expression, a 500, or no answer at all (a timeout).
 */
export type SatAnswer = 'vigente' | 'cancelado' | 'no-encontrado' | 'error' | 'timeout';

function recorded(name: string): string {
  return readFileSync(
    fileURLToPath(new URL(`../modules/cfdi/fixtures/sat-status/${name}.xml`, import.meta.url)),
    'utf8',
  );
}

export interface SatStatusServer {
  url: string;
  answers: Map<string, SatAnswer>;
  /** The expressions asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startSatStatusServer(): Promise<SatStatusServer> {
  const answers = new Map<string, SatAnswer>();
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const expression =
        /<expresionImpresa>([\s\S]*?)<\/expresionImpresa>/
          .exec(body)?.[1]
          ?.replaceAll('&amp;', '&') ?? '';
      asked.push(expression);
      const uuid = /id=([0-9A-F-]+)/i.exec(expression)?.[1]?.toUpperCase() ?? '';
      const answer = answers.get(uuid) ?? 'vigente';
      if (answer === 'timeout') return;
      if (answer === 'error') {
        response.writeHead(500).end('Service Unavailable');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(recorded(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ConsultaCFDIService.svc`,
    answers,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
