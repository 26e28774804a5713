import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { facetOf, ReadModelProgress } from './progress';

describe('read-model progress, in the process of its only runner', () => {
  const progress = () => {
    const p = new ReadModelProgress({} as Knex, { local: true });
    p.register('social', ['UserFollowed']);
    p.register('messaging', ['MessageSent']);
    return p;
  };

  it("moves a projection's version with the batches that changed its tables, not with the ones it skipped", () => {
    const p = progress();
    p.report(10n, 'social');
    expect(p.versionOf(['social'])).toBe('10');
    // A chat message: messaging applies it, social skips it.
    p.report(11n, 'messaging');
    p.report(11n, 'social', false);
    expect(p.versionOf(['social', 'messaging'])).toBe('10,11');
    p.report(12n, 'social');
    expect(p.versionOf(['social'])).toBe('12');
  });

  it('tells no version without a read when another process runs the projections', () => {
    const remote = new ReadModelProgress({} as Knex, { local: false });
    expect(remote.localVersionOf(['social'])).toBeUndefined();
    expect(progress().localVersionOf(['social', 'messaging'])).toBe('0,0');
  });

  it('still lets a wait for a skipped position end at once', async () => {
    const p = progress();
    p.report(20n, 'social', false);
    p.report(20n, 'messaging');
    expect(await p.waitFor(20n, 100)).toBe(true);
  });

  it('answers a wait at once, unreached, while waits are skipped, and waits again once that ends', async () => {
    const p = progress();
    const end = p.skipWaits();
    expect(p.skippingWaits).toBe(true);
    expect(await p.waitFor(5n, 60_000)).toBe(false);
    end();
    end(); // a second end changes nothing
    expect(p.skippingWaits).toBe(false);
    const waited = p.waitFor(5n, 60_000);
    p.report(5n, 'social');
    p.report(5n, 'messaging');
    expect(await waited).toBe(true);
  });

  it("moves a facet's version only with the batches that changed it, and every facet with a batch that did not say", () => {
    const p = new ReadModelProgress({} as Knex, { local: true });
    p.register('community', ['Posted', 'Removed'], 5n, ['members']);
    const members = [facetOf('community', 'members')];
    expect(p.localVersionOf(members)).toBe('5');
    // Messages only: the projection's version moves, its members' does not.
    p.report(6n, 'community', true, []);
    expect(p.localVersionOf(['community', ...members])).toBe('6,5');
    p.report(7n, 'community', true, ['members']);
    expect(p.localVersionOf(members)).toBe('7');
    p.report(8n, 'community', false);
    p.report(9n, 'community');
    expect(p.localVersionOf(members)).toBe('9');
    // A facet the projection never declared moves with each of its batches.
    expect(p.localVersionOf([facetOf('community', 'other')])).toBe('9');
  });

  it('answers a list asked for again (a route\'s constant) with the version of the latest batches', () => {
    const p = progress();
    const names = ['social', 'messaging'] as const;
    expect(p.versionOf(names)).toBe('0,0');
    p.report(3n, 'social');
    expect(p.versionOf(names)).toBe('3,0');
    expect(p.versionOf(names)).toBe('3,0');
    p.report(4n);
    expect(p.versionOf(names)).toBe('4,4');
    p.register('messaging', ['MessageSent'], 9n);
    expect(p.versionOf(names)).toBe('4,9');
  });
});
