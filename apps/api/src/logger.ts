import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Config } from './config.js';

/** Reset tokens travel in the path of change-password; they never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/(\/auth\/change-password\/)[^/?]+/, '$1[REDACTED]');
}

export function loggerOptions(config: Config): FastifyLoggerOptions & LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.sPassword',
        '*.sConfirmPassword',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
