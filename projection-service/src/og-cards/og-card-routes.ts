import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { OG_CARD_KINDS } from '@circuit/shared/web/og-card-path';
import { CARD_DESIGN_VERSION } from './og-card-design';
import { cardSources, type CardListing } from './og-card-listings';
import { renderCardPng } from './og-card-render';
import { RenderedCards } from './rendered-cards';

const KindSchema = z.enum(OG_CARD_KINDS);
/** A few hundred cards of ~50 kB each: a crawl of the listings people share renders each card once. */
const DEFAULT_CAPACITY = 300;

/**
 * The card's version: the listing's id and last change, and a digest of what the card shows,
 * since a quiz's organiser is a user whose name changes without the listing changing, and a new
 * design must reach crawlers that hold the old card.
 */
function versionOf({ id, changedAt, facts }: CardListing): string {
  const digest = createHash('sha256').update(JSON.stringify([CARD_DESIGN_VERSION, facts])).digest('base64url').slice(0, 16);
  return `${id}-${changedAt}-${digest}`;
}

/**
 * GET /og/{hackathons|events|quizzes}/{username or quiz id}.png: a listing's generated link-preview
 * card (spec in docs/architecture.md), for listings a signed-out visitor may see; anything else is
 * 404 with no body, so a page head pointing at it never leaks a pending listing.
 */
export function ogCardRoutes(knex: Knex, options: { capacity?: number; render?: typeof renderCardPng } = {}): Router {
  const router = Router();
  const sources = cardSources(knex);
  const rendered = new RenderedCards(options.capacity ?? DEFAULT_CAPACITY);
  const render = options.render ?? renderCardPng;

  router.get('/og/:kind/:file', async (req, res) => {
    const kind = KindSchema.safeParse(req.params.kind);
    const file = String(req.params.file ?? '');
    const listing = kind.success && file.endsWith('.png') ? await sources[kind.data](file.slice(0, -'.png'.length)) : null;
    if (!listing) {
      res.status(404).end();
      return;
    }
    const version = versionOf(listing);
    res.set({ 'Cache-Control': 'public, max-age=300', ETag: `"${version}"` });
    // Checked before rendering: a crawler that holds this card costs one read.
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('png').send(await rendered.get(version, () => render(listing.facts)));
  });
  return router;
}
