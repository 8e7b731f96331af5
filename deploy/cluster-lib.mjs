// The one-machine cluster: HAProxy -> 3 API replicas -> PgBouncer (session mode) ->
// PostgreSQL primary + a streaming replica for the read-only reports. Everything from
// Debian packages (installed with apt-get when missing) and the project's own build.
// Used by deploy/cluster.mjs (npm run cluster), the cluster fault tests and the bench.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_JS = join(ROOT, 'apps/api/dist/server.js');
export const DATABASE = 'pesos';

const env = process.env;
const port = (name, fallback) => Number(env[name] ?? fallback);

/** Ports and folders; every one can be changed with the environment variable named. */
export function clusterSettings() {
  const lbPort = port('CLUSTER_LB_PORT', 8080);
  const apiPorts = (env.CLUSTER_API_PORTS ?? '3001,3002,3003').split(',').map(Number);
  return {
    lbPort,
    apiPorts,
    bouncerPort: port('CLUSTER_PGBOUNCER_PORT', 6432),
    primaryPort: port('CLUSTER_PG_PORT', 5433),
    replicaPort: port('CLUSTER_PG_REPLICA_PORT', 5434),
    dir: env.CLUSTER_DIR ?? join(tmpdir(), `pesos-cluster-${lbPort}`),
    demoData: env.CLUSTER_DEMO_DATA ?? 'true',
  };
}

const PGBOUNCER = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function log(message) {
  if (!env.CLUSTER_QUIET) console.log(`[cluster] ${message}`);
}

function have(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** /usr/lib/postgresql/<newest>/bin, or undefined. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/** Installs haproxy, pgbouncer and postgresql with apt-get when any is missing. */
export function ensurePackages() {
  const missing = [];
  if (!have('haproxy') && !existsSync('/usr/sbin/haproxy')) missing.push('haproxy');
  if (!have('pgbouncer') && !existsSync('/usr/sbin/pgbouncer')) missing.push('pgbouncer');
  if (!postgresBin()) missing.push('postgresql');
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} with apt-get`);
  const sudo = isRoot ? [] : ['sudo', '-n'];
  // The Debian package would create and start its own cluster; this one makes its own.
  if (isRoot && !existsSync('/etc/postgresql-common/createcluster.conf')) {
    mkdirSync('/etc/postgresql-common', { recursive: true });
    writeFileSync('/etc/postgresql-common/createcluster.conf', 'create_main_cluster = false\n');
  }
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    const result = spawnSync(command, rest, { stdio: 'inherit', env: aptEnv });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...missing]);
}

/** Whether the packages are there or can be installed here (root or password-less sudo). */
export function packagesAvailable() {
  const present =
    (have('haproxy') || existsSync('/usr/sbin/haproxy')) &&
    (have('pgbouncer') || existsSync('/usr/sbin/pgbouncer')) &&
    Boolean(postgresBin());
  if (present) return true;
  if (isRoot) return have('apt-get');
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 && have('apt-get');
}

/** Runs a command as the postgres user when this is root (PostgreSQL refuses root). */
function asPostgres(command, args, options = {}) {
  const [file, rest] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  return execFileSync(file, rest, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function ownedByPostgres(path) {
  mkdirSync(path, { recursive: true });
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(path, uid, gid);
  }
}

export function pidAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readPid(file) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function waitFor(what, test, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    if (await test()) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function pgReady(bin, portNumber) {
  return (
    spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(portNumber)], {
      stdio: 'ignore',
    }).status === 0
  );
}

/** The URLs each replica is given: writes through PgBouncer, reports on the replica. */
export function databaseUrls(settings = clusterSettings()) {
  const base = `postgres://postgres@127.0.0.1:${settings.bouncerPort}`;
  return {
    DATABASE_URL: `${base}/${DATABASE}`,
    READ_DATABASE_URL: `${base}/${DATABASE}_replica`,
    PRIMARY_URL: `postgres://postgres@127.0.0.1:${settings.primaryPort}/${DATABASE}`,
  };
}

// ---------------------------------------------------------------------------------------
// PostgreSQL

async function startPostgres(settings) {
  const bin = postgresBin();
  const primary = join(settings.dir, 'pg-primary');
  const replica = join(settings.dir, 'pg-replica');
  const run = join(settings.dir, 'run');
  ownedByPostgres(settings.dir);
  ownedByPostgres(run);
  if (!existsSync(join(primary, 'PG_VERSION'))) {
    log('initdb primary');
    ownedByPostgres(primary);
    asPostgres(join(bin, 'initdb'), [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    writeFileSync(
      join(primary, 'postgresql.auto.conf'),
      [
        `port = ${settings.primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${run}'`,
        'max_connections = 300',
        'wal_level = replica',
        'max_wal_senders = 5',
        'hot_standby = on',
        'shared_buffers = 128MB',
        'synchronous_commit = on',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(primary, 'pg_hba.conf'),
      [
        'local all all trust',
        'host all all 127.0.0.1/32 trust',
        'host replication all 127.0.0.1/32 trust',
        '',
      ].join('\n'),
    );
    if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', primary]);
  }
  if (!pgReady(bin, settings.primaryPort)) {
    log(`PostgreSQL primary on ${settings.primaryPort}`);
    asPostgres(join(bin, 'pg_ctl'), ['-D', primary, '-l', join(run, 'primary.log'), '-w', 'start']);
  }
  await waitFor('the primary', () => pgReady(bin, settings.primaryPort));
  const exists = asPostgres(join(bin, 'psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(settings.primaryPort),
    '-U',
    'postgres',
    '-tAc',
    `select 1 from pg_database where datname = '${DATABASE}'`,
  ])
    .toString()
    .trim();
  if (exists !== '1') {
    asPostgres(join(bin, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(settings.primaryPort),
      '-U',
      'postgres',
      DATABASE,
    ]);
  }
  if (!existsSync(join(replica, 'PG_VERSION'))) {
    log('pg_basebackup for the streaming replica');
    rmSync(replica, { recursive: true, force: true });
    ownedByPostgres(replica);
    asPostgres(join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(settings.primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      // At once, not after a spread checkpoint (minutes on an idle server).
      '-c',
      'fast',
    ]);
    // The copied settings name the primary's port; the replica has its own.
    const autoConf = join(replica, 'postgresql.auto.conf');
    writeFileSync(
      autoConf,
      readFileSync(autoConf, 'utf8').replace(/^port = \d+$/m, `port = ${settings.replicaPort}`),
    );
    if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', replica]);
  }
  chmodSync(replica, 0o700);
  if (!pgReady(bin, settings.replicaPort)) {
    log(`PostgreSQL streaming replica on ${settings.replicaPort}`);
    asPostgres(join(bin, 'pg_ctl'), ['-D', replica, '-l', join(run, 'replica.log'), '-w', 'start']);
  }
  await waitFor('the replica', () => pgReady(bin, settings.replicaPort));
}

/** Stops (`stop: true`) or starts the streaming replica alone, as a replica outage would. */
export async function streamingReplica(settings, { stop }) {
  const bin = postgresBin();
  const data = join(settings.dir, 'pg-replica');
  if (stop) {
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    return;
  }
  const log = join(settings.dir, 'run', 'replica.log');
  asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', 'start']);
  await waitFor('the replica', () => pgReady(bin, settings.replicaPort));
}

function stopPostgres(settings) {
  const bin = postgresBin();
  if (!bin) return;
  for (const name of ['pg-replica', 'pg-primary']) {
    const data = join(settings.dir, name);
    if (!existsSync(join(data, 'postmaster.pid'))) continue;
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      log(`stopped ${name}`);
    } catch (error) {
      log(`could not stop ${name}: ${String(error)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// PgBouncer

function bouncerFiles(settings) {
  const run = join(settings.dir, 'run');
  return {
    ini: join(run, 'pgbouncer.ini'),
    users: join(run, 'pgbouncer-users.txt'),
    pid: join(run, 'pgbouncer.pid'),
    log: join(run, 'pgbouncer.log'),
  };
}

export async function startPgBouncer(settings = clusterSettings()) {
  const files = bouncerFiles(settings);
  if (pidAlive(readPid(files.pid))) return;
  // Session mode: the app prepares statements per connection (README), and graphile-worker
  // listens for jobs on a connection of its own.
  writeFileSync(
    files.ini,
    [
      '[databases]',
      `${DATABASE} = host=127.0.0.1 port=${settings.primaryPort} dbname=${DATABASE}`,
      `${DATABASE}_replica = host=127.0.0.1 port=${settings.replicaPort} dbname=${DATABASE}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${settings.bouncerPort}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${files.users}`,
      'pool_mode = session',
      'max_client_conn = 1000',
      'default_pool_size = 100',
      'server_reset_query = DISCARD ALL',
      `pidfile = ${files.pid}`,
      `logfile = ${files.log}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  writeFileSync(files.users, '"postgres" ""\n');
  if (isRoot) execFileSync('chown', ['postgres:postgres', files.ini, files.users]);
  log(`PgBouncer on ${settings.bouncerPort} (session mode)`);
  asPostgres(PGBOUNCER, ['-d', files.ini]);
  await waitFor('PgBouncer', () => pidAlive(readPid(files.pid)), 15_000);
  await waitFor('PgBouncer to listen', () => portOpen(settings.bouncerPort), 15_000);
}

/** Stops PgBouncer at once (SIGTERM: immediate shutdown, client connections dropped). */
export async function stopPgBouncer(settings = clusterSettings()) {
  const pid = readPid(bouncerFiles(settings).pid);
  if (!pidAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  await waitFor('PgBouncer to stop', () => !pidAlive(pid), 15_000);
}

async function portOpen(portNumber) {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(portNumber, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// ---------------------------------------------------------------------------------------
// API replicas

function replicaFiles(settings, index) {
  const run = join(settings.dir, 'run');
  return { pid: join(run, `api-${index + 1}.pid`), log: join(run, `api-${index + 1}.log`) };
}

/** The environment of replica `index`: what README's deployment section lists. */
export function replicaEnv(settings, index) {
  return {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(settings.apiPorts[index]),
    ...databaseUrls(settings),
    // Each replica's pool; 3 x (20 + graphile-worker's 4 + reports' 5) stays under PgBouncer's.
    DATABASE_POOL_SIZE: env.DATABASE_POOL_SIZE ?? '20',
    // Requests come through HAProxy on this machine (TRUST_PROXY: see README).
    TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1',
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${settings.lbPort}`,
    DEMO_DATA: index === 0 ? settings.demoData : 'false',
    // Uploads must be shared storage in a real deployment; here one folder on this machine.
    DATA_DIR: join(settings.dir, 'data'),
    UPLOAD_DIR: env.UPLOAD_DIR ?? join(settings.dir, 'uploads'),
  };
}

async function healthy(portNumber) {
  try {
    const response = await fetch(`http://127.0.0.1:${portNumber}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts replica `index` (detached, its log in the cluster folder) and waits until healthy. */
export async function startReplica(settings, index, { timeoutMs = 120_000 } = {}) {
  const files = replicaFiles(settings, index);
  if (pidAlive(readPid(files.pid)) && (await healthy(settings.apiPorts[index]))) return;
  const out = openSync(files.log, 'a');
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: ROOT,
    env: replicaEnv(settings, index),
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  child.unref();
  writeFileSync(files.pid, String(child.pid));
  await waitFor(
    `replica ${index + 1} on ${settings.apiPorts[index]}`,
    async () => {
      if (!pidAlive(child.pid)) {
        throw new Error(
          `replica ${index + 1} exited: ${readFileSync(files.log, 'utf8').slice(-2000)}`,
        );
      }
      return healthy(settings.apiPorts[index]);
    },
    timeoutMs,
  );
}

/** Stops replica `index`: SIGTERM (a graceful stop) or SIGKILL. */
export async function stopReplica(settings, index, signal = 'SIGTERM') {
  const pid = readPid(replicaFiles(settings, index).pid);
  if (!pidAlive(pid)) return;
  process.kill(pid, signal);
  await waitFor(`replica ${index + 1} to stop`, () => !pidAlive(pid), 30_000).catch(() => {
    process.kill(pid, 'SIGKILL');
  });
}

export function replicaPid(settings, index) {
  return readPid(replicaFiles(settings, index).pid);
}

// ---------------------------------------------------------------------------------------
// HAProxy

function haproxyFiles(settings) {
  const run = join(settings.dir, 'run');
  return { cfg: join(run, 'haproxy.cfg'), pid: join(run, 'haproxy.pid') };
}

async function startHaproxy(settings) {
  const files = haproxyFiles(settings);
  if (pidAlive(readPid(files.pid))) return;
  writeFileSync(
    files.cfg,
    [
      'global',
      '  maxconn 4096',
      // Per-server counters (connections opened and reused, sessions): `show stat` on it.
      `  stats socket ${join(settings.dir, 'run', 'haproxy.sock')} mode 600`,
      '',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-keep-alive 10s',
      '  option forwardfor',
      // A request whose replica died is sent to another one: connection failures always;
      // an empty or timed-out answer only for reads and for writes with an Idempotency-Key
      // (the server answers a replayed key with the first answer and moves money once).
      '  option redispatch 1',
      '  retries 3',
      '  retry-on conn-failure empty-response response-timeout',
      '',
      'frontend api',
      `  bind 127.0.0.1:${settings.lbPort}`,
      '  acl read_only method GET HEAD OPTIONS',
      '  acl has_key req.hdr(idempotency-key) -m found',
      '  http-request disable-l7-retry if !read_only !has_key',
      '  default_backend replicas',
      '',
      'backend replicas',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
      ...settings.apiPorts.map(
        (apiPort, index) => `  server api${index + 1} 127.0.0.1:${apiPort} check`,
      ),
      '',
    ].join('\n'),
  );
  log(`HAProxy on ${settings.lbPort}`);
  execFileSync(HAPROXY, ['-c', '-q', '-f', files.cfg], { stdio: 'inherit' });
  execFileSync(HAPROXY, ['-D', '-f', files.cfg, '-p', files.pid], { stdio: 'inherit' });
  await waitFor('HAProxy', () => healthy(settings.lbPort), 30_000);
}

function stopHaproxy(settings) {
  const pid = readPid(haproxyFiles(settings).pid);
  if (pidAlive(pid)) {
    process.kill(pid, 'SIGTERM');
    log('stopped HAProxy');
  }
}

// ---------------------------------------------------------------------------------------

/** Builds the server when its output is missing or older than its sources. */
export function ensureBuild() {
  const newest = (path) => {
    if (!existsSync(path)) return 0;
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
  };
  const info = join(ROOT, 'apps/api/dist/.tsbuildinfo');
  const built = existsSync(SERVER_JS) && existsSync(info) ? statSync(info).mtimeMs : 0;
  if (
    built < Math.max(newest(join(ROOT, 'apps/api/src')), newest(join(ROOT, 'packages/domain/src')))
  ) {
    log('building the server (tsc -b apps/api)');
    execFileSync('npx', ['tsc', '-b', 'apps/api'], { cwd: ROOT, stdio: 'inherit' });
  }
}

/** Starts every piece not already running; answers the settings used. */
export async function startCluster(settings = clusterSettings()) {
  ensurePackages();
  ensureBuild();
  mkdirSync(settings.dir, { recursive: true });
  await startPostgres(settings);
  await startPgBouncer(settings);
  // The first replica migrates (and seeds the demo data) before the others start.
  await startReplica(settings, 0);
  await Promise.all(settings.apiPorts.slice(1).map((_, i) => startReplica(settings, i + 1)));
  await startHaproxy(settings);
  return settings;
}

export async function stopCluster(settings = clusterSettings(), { clean = false } = {}) {
  stopHaproxy(settings);
  await Promise.all(settings.apiPorts.map((_, index) => stopReplica(settings, index)));
  await stopPgBouncer(settings);
  stopPostgres(settings);
  if (clean) {
    rmSync(settings.dir, { recursive: true, force: true });
    log(`removed ${settings.dir}`);
  }
}
