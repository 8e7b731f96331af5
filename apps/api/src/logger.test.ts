import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { logFormat, loggerOptions, prettyLogStream, redactUrl } from './logger.js';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('the log format', () => {
  it('is readable on a terminal and JSON elsewhere, or as LOG_FORMAT says', () => {
    const auto = loadConfig({ DATA_DIR: 'memory://' });
    expect(logFormat(auto, true)).toBe('pretty');
    expect(logFormat(auto, false)).toBe('json');
    expect(logFormat(loadConfig({ DATA_DIR: 'memory://', LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(logFormat(loadConfig({ DATA_DIR: 'memory://', LOG_FORMAT: 'pretty' }), false)).toBe(
      'pretty',
    );
    expect(() => loadConfig({ DATA_DIR: 'memory://', LOG_FORMAT: 'xml' })).toThrow();
  });

  it('prints one readable line per event: time, level, message, requests folded in', () => {
    const out = capture();
    const config = loadConfig({ DATA_DIR: 'memory://' });
    const log = pino(loggerOptions(config), prettyLogStream({ destination: out.stream }));
    log.info('Server listening at http://127.0.0.1:3000');
    log.info(
      { reqId: 'req-1', req: { method: 'GET', url: '/api/health', remoteAddress: '::1' } },
      'incoming request',
    );
    log.info({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 3.4 }, 'request completed');
    log.warn({ jobId: 7 }, 'Job failed');
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:3000$/,
    );
    expect(lines[1]).toMatch(/INFO: incoming request: GET \/api\/health$/);
    expect(lines[2]).toMatch(/INFO: request completed: 200 in 3 ms$/);
    expect(lines[3]).toMatch(/WARN: Job failed \{"jobId":7\}$/);
    // Nothing of the JSON format: no braces around the line, no pid or hostname.
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    expect(out.text()).not.toContain('hostname');
  });

  it('still hides passwords in readable lines', () => {
    const out = capture();
    const log = pino(
      loggerOptions(loadConfig({ DATA_DIR: 'memory://' })),
      prettyLogStream({ destination: out.stream }),
    );
    log.info({ body: { sPassword: 'Secret123!' } }, 'login');
    expect(out.text()).not.toContain('Secret123!');
    expect(out.text()).toContain('[REDACTED]');
  });
});

describe('request URLs in the log', () => {
  it('hide reset tokens in the path and shared secrets in the query', () => {
    expect(redactUrl('/api/v1/en/auth/change-password/abc123?x=1')).toBe(
      '/api/v1/en/auth/change-password/[REDACTED]?x=1',
    );
    expect(redactUrl('/api/webhooks/stp/orden-estado?secret=455f6256&x=1')).toBe(
      '/api/webhooks/stp/orden-estado?secret=[REDACTED]&x=1',
    );
    expect(redactUrl('/api/webhooks/stp/abono?x=1&SECRET=abc')).toBe(
      '/api/webhooks/stp/abono?x=1&SECRET=[REDACTED]',
    );
    expect(redactUrl('/api/v1/en/catalog/articles?search=secret')).toBe(
      '/api/v1/en/catalog/articles?search=secret',
    );
  });
});
