import { z } from 'zod';

/**
 * The `page` and `limit` of a paginated list's query string, and the fields its answer
 * echoes back: one rule for every list, so no list can be asked for an unbounded page.
 */
export function pageQueryFields(defaultLimit: number, maxLimit = 100) {
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

export const pageAnswerFields = {
  total: z.number(),
  page: z.number(),
  limit: z.number(),
};
