/**
 * `npm run bench:hackathons -- [--hackathons 10000] [--connections 50] [--seconds 5] [--runs 3]`
 *
 * GET /api/hackathons (first page, a search term and two filters) on seeded accepted hackathons, against a plain
 * express app serving the same bytes (see listing-bench.ts).
 */
import { runListingBench } from './listing-bench';

await runListingBench({
  kind: 'hackathons',
  query: '/api/hackathons?search=hack&location=online&country=India&limit=16',
  seedArgs: (count) => ['--hackathons', String(count)],
});
