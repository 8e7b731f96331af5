import type { KyselyPlugin, RawNode } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The same database, counting the statements sent through it: every one, or with
 * `fragment` only the raw `sql` statements whose text contains it. How tests prove a
 * statement was issued once, or not at all, or how many round trips an operation takes.
 * (A transaction's begin and commit do not pass through plugins and are not counted.)
 */
export function countingStatements(db: Db, fragment?: string): { db: Db; count: () => number } {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const texts = node.kind === 'RawNode' ? (node as RawNode).sqlFragments : [];
      if (fragment === undefined || texts.some((text) => text.includes(fragment))) count += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), count: () => count };
}
