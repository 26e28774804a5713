/**
 * `npm run bench:events -- [--events 10000] [--connections 50] [--seconds 5] [--runs 3]`
 *
 * GET /api/events (first page, a search term and four filters) on seeded accepted events, against a plain
 * express app serving the same bytes (see listing-bench.ts).
 */
import { runListingBench } from './listing-bench';

await runListingBench({
  kind: 'events',
  query: '/api/events?search=meetup&location=offline&eventType=conference&category=business&country=India&limit=12',
  seedArgs: (count) => ['--hackathons', '0', '--events', String(count)],
});
