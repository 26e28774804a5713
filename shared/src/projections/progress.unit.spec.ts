import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { ReadModelProgress } from './progress';

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
});
