// npm run bench: the server targets (bench.mjs), then the web targets (web.mjs), then the
// cluster row (cluster.mjs: HAProxy to 3 replicas against one replica); with BENCH_SCALE=10,
// the statement's Excel export of a year (statement-export.mjs).
// Each prints its table; the exit code is the worse of the two (1 a target missed, 2 a run failed).
import { run } from '../lib.mjs';

const passThrough = process.argv.slice(2);
const server = run(process.execPath, ['scripts/bench/bench.mjs', ...passThrough]);
const web = run(process.execPath, ['scripts/bench/web.mjs', ...passThrough]);
const cluster = run(process.execPath, ['scripts/bench/cluster.mjs', ...passThrough]);
// At ten times the data, the statement's Excel export of a year in the browser too.
const statementExport =
  Number(process.env.BENCH_SCALE ?? 1) >= 10
    ? run(process.execPath, ['scripts/bench/statement-export.mjs', ...passThrough])
    : 0;
process.exit(Math.max(server, web, cluster, statementExport));
