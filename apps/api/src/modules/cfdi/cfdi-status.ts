import type { Db } from '../../db/database.js';
import type { ParsedCfdi } from './cfdi-parser.js';
import * as repo from './cfdi.repository.js';
import { satExpression, type SatCfdiStatus, type SatStatusClient } from './sat-status.js';

/**
 * The SAT's status of CFDIs (`SAT_STATUS_CHECK=on`): asked of each file read or imported,
 * and again by the `cfdi.sat-status` job, so a CFDI cancelled after import stops its payment.
 */
export class CfdiStatuses {
  constructor(
    private readonly db: Db,
    /** The SAT's status service, or null when the check is off. */
    private readonly client: SatStatusClient | null,
    private readonly now: () => Date,
  ) {}

  /** Asks the SAT of each CFDI, a few at a time (the service is slow and rate-limited). */
  async of(cfdis: ParsedCfdi[]): Promise<Map<string, SatCfdiStatus>> {
    const statuses = new Map<string, SatCfdiStatus>();
    const client = this.client;
    if (!client) return statuses;
    const queue = [...cfdis];
    const worker = async () => {
      for (let cfdi = queue.shift(); cfdi; cfdi = queue.shift()) {
        statuses.set(cfdi.uuid, await client.status(satExpression(cfdi)));
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return statuses;
  }

  /**
   * The `cfdi.sat-status` job: asks the SAT again of imported CFDIs whose last call failed,
   * or whose invoice is unpaid and was last asked over six hours ago, so a CFDI cancelled
   * after import stops its payment. Answers how many it asked.
   */
  async recheck(limit = 50): Promise<number> {
    const client = this.client;
    if (!client) return 0;
    const now = this.now();
    const due = await repo.findSatRechecks(this.db, new Date(now.getTime() - 6 * 3_600_000), limit);
    for (const row of due) {
      const status = await client.status(row.sat_expression ?? '');
      await repo.updateSatStatus(
        this.db,
        { enterpriseId: row.enterprise_id, uuid: row.uuid },
        status === 'NO_ENCONTRADO' ? 'CANCELADO' : status,
        this.now(),
      );
    }
    return due.length;
  }
}
