/**
 * Where Vite's dev and preview servers send `/api`: the API `npm run dev` starts, which listens
 * on PORT (3000 by default) at HOST (127.0.0.1), as the server's own configuration reads them.
 * A wrong PORT stops Vite with a message rather than proxying every call to nowhere.
 */
export function apiProxyTarget(env: Record<string, string | undefined>): string {
  const rawPort = env.PORT?.trim() || '3000';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a port number from 1 to 65535 (got "${env.PORT}")`);
  }
  const rawHost = env.HOST?.trim() || '127.0.0.1';
  // The API listening on every interface is reached on this machine's loopback.
  const host = rawHost === '0.0.0.0' || rawHost === '::' ? '127.0.0.1' : rawHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
