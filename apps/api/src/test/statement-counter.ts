import type { KyselyPlugin, RawNode } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The same database, counting the raw `sql` statements whose text contains `fragment`:
 * how tests prove a statement was issued once, or not at all.
 */
export function countingStatements(db: Db, fragment: string): { db: Db; count: () => number } {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const texts = node.kind === 'RawNode' ? (node as RawNode).sqlFragments : [];
      if (texts.some((text) => text.includes(fragment))) count += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), count: () => count };
}
