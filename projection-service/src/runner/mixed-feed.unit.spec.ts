import { describe, expect, it } from 'vitest';
import type { NewEvent } from '@circuit/shared/ports/event-store';
import { appendFeed, mixedFeed, type Append } from './mixed-feed.testkit';

describe('appendFeed, the parallel writer of the projection tests', () => {
  // Appends sent together take their positions in any order: a follow sent beside its followee's
  // registration could come first in the feed, which no command could have written.
  it('sends an append only once every append to a stream it refers to has been stored', async () => {
    const feed = [...mixedFeed({ events: 3000, seed: 5, users: 150 })];
    const byEvents = new Map<NewEvent[], Append>(feed.map((a) => [a.events, a]));
    const inFlight = new Set<string>();
    const sentBeside: string[] = [];
    const store = {
      async append(streamId: string, events: NewEvent[]) {
        for (const referred of byEvents.get(events)!.refersTo ?? []) if (inFlight.has(referred)) sentBeside.push(`${events[0]!.type} on ${streamId} beside ${referred}`);
        inFlight.add(streamId);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight.delete(streamId);
      },
    };
    expect(await appendFeed(store, feed, { parallel: 16 })).toBe(feed.reduce((n, a) => n + a.events.length, 0));
    expect(sentBeside).toEqual([]);
    // The feed does refer across streams, early and often (the first users follow each other at once).
    expect(feed.filter((a) => a.refersTo?.length).length).toBeGreaterThan(1000);
  });
});
