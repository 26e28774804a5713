import type { Knex } from 'knex';

/** How many queries `knex` ran while `work` ran: 0 when every answer came from a cache, a batch's statements. */
export async function queriesDuring(knex: Knex, work: () => Promise<unknown>): Promise<number> {
  let queries = 0;
  const count = () => void queries++;
  knex.on('query', count);
  try {
    await work();
  } finally {
    knex.off('query', count);
  }
  return queries;
}
