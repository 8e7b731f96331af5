import type { FastifyLoggerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

/** Reset tokens (in the path of change-password) and query secrets never reach the log. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/(\/auth\/change-password\/)[^/?]+/, '$1[REDACTED]')
      // A caller's shared secret in the query (STP's callback URLs carry `?secret=`).
      .replace(/([?&](?:secret|token)=)[^&#]*/gi, '$1[REDACTED]')
  );
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

/** Readable lines for a person at a terminal; JSON lines for files and log collectors. */
export function logFormat(
  config: Pick<Config, 'LOG_FORMAT'>,
  isTerminal: boolean,
): 'pretty' | 'json' {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT;
  return isTerminal ? 'pretty' : 'json';
}

interface LogLine {
  [key: string]: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * One line per event (`12:04:31 INFO: request completed: 200 in 3 ms`), written in this
 * thread so lines keep their order with the process's own output. Request and response
 * fields are folded into the message; other fields follow it on the same line.
 */
export function prettyLogStream(
  options: { colorize?: boolean; destination?: NodeJS.WritableStream } = {},
): DestinationStream {
  return pretty({
    colorize: options.colorize ?? false,
    destination: options.destination ?? 1,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime,mail',
    messageFormat: (log: LogLine, messageKey: string) => {
      const message = String(log[messageKey] ?? '');
      if (log.req) return `${message}: ${log.req.method ?? ''} ${log.req.url ?? ''}`;
      if (log.res) {
        const time = log.responseTime === undefined ? '' : ` in ${Math.round(log.responseTime)} ms`;
        return `${message}: ${log.res.statusCode ?? ''}${time}`;
      }
      return message;
    },
  });
}
