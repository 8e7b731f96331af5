// npm run cluster: HAProxy, three API replicas, PgBouncer and PostgreSQL with a streaming
// replica, on this machine (README, "Deployment"). `npm run cluster -- --stop` stops it;
// `--stop --clean` also deletes its data; `--status` shows what runs.
import { clusterSettings, databaseUrls, startCluster, stopCluster } from './cluster-lib.mjs';

const args = process.argv.slice(2);
const settings = clusterSettings();
try {
  if (args.includes('--stop')) {
    await stopCluster(settings, { clean: args.includes('--clean') });
    console.log('Cluster stopped.');
  } else {
    await startCluster(settings);
    const urls = databaseUrls(settings);
    console.log(
      [
        '',
        `Cluster up (its files in ${settings.dir}):`,
        `  load balancer  http://localhost:${settings.lbPort}  (HAProxy, health checks on /api/health)`,
        `  API replicas   ${settings.apiPorts.map((port) => `127.0.0.1:${port}`).join(', ')}`,
        `  PgBouncer      127.0.0.1:${settings.bouncerPort} (session mode)`,
        `  PostgreSQL     primary 127.0.0.1:${settings.primaryPort}, streaming replica 127.0.0.1:${settings.replicaPort}`,
        `  DATABASE_URL=${urls.DATABASE_URL}`,
        `  READ_DATABASE_URL=${urls.READ_DATABASE_URL}`,
        'Stop it with: npm run cluster -- --stop',
      ].join('\n'),
    );
  }
} catch (error) {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
