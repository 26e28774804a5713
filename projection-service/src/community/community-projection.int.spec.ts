import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { communityMessageStream, communityStream } from '@circuit/shared/events/community';
import { projectionHarness } from '../runner/projection-harness.testkit';
import { migrateCommunityReadModels } from './community-migrations';
import { communityProjection } from './community-projection';

/** Events in, rows out: community messages (posted, edited, deleted), admins and removed users. */
describe('community projection', () => {
  const t = projectionHarness([migrateCommunityReadModels], [communityProjection]);
  const H = 'hack-1';
  const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;

  const onMessage = (id: string, events: DomainEvent[]) => t.append(communityMessageStream(id), events, at(0));
  const onCommunity = (events: DomainEvent[]) => t.append(communityStream(H), events, at(0));
  const posted = (id: string, userId: string, minute: number, replyTo: { _id: string; message: string; userId: string } | null = null): DomainEvent => ({
    type: 'CommunityMessagePosted',
    data: { hackathonId: H, messageId: id, userId, message: `text ${id}`, replyTo, at: at(minute) },
  });
  const dump = async () => ({
    messages: await t.knex('community_messages').orderBy('position').select('*'),
    admins: await t.knex('community_admins').orderBy('user_id').select('*'),
    removed: await t.knex('community_removed').orderBy('user_id').select('*'),
  });

  it('applies posts, edits, deletions, admins and removals, and a rebuild yields the same rows', async () => {
    await onMessage('m1', [posted('m1', 'ana', 1)]);
    await onMessage('m2', [posted('m2', 'ben', 2, { _id: 'm1', message: 'text m1', userId: 'ana' })]);
    await onMessage('m1', [{ type: 'CommunityMessageEdited', data: { hackathonId: H, messageId: 'm1', userId: 'ana', message: 'better words', at: at(3) } }]);
    await onMessage('m3', [posted('m3', 'cy', 4), { type: 'CommunityMessageDeleted', data: { hackathonId: H, messageId: 'm3', byUserId: 'org', at: at(5) } }]);
    await onCommunity([
      { type: 'CommunityAdminAdded', data: { hackathonId: H, userId: 'ana', byUserId: 'org', at: at(6) } },
      { type: 'CommunityAdminAdded', data: { hackathonId: H, userId: 'ben', byUserId: 'org', at: at(6) } },
      { type: 'CommunityAdminRemoved', data: { hackathonId: H, userId: 'ben', byUserId: 'org', at: at(7) } },
      { type: 'CommunityUserRemoved', data: { hackathonId: H, userId: 'cy', byUserId: 'ana', at: at(8) } },
      { type: 'CommunityUserRemoved', data: { hackathonId: H, userId: 'dee', byUserId: 'ana', at: at(8) } },
      { type: 'CommunityUserReAdded', data: { hackathonId: H, userId: 'dee', byUserId: 'org', at: at(9) } },
    ]);
    await t.runner.rebuild();

    const rows = await dump();
    expect(rows.messages.map((m: { id: string; message: string; edited: boolean; deleted_at: unknown }) => [m.id, m.message, m.edited, m.deleted_at !== null])).toEqual([
      ['m1', 'better words', true, false],
      ['m2', 'text m2', false, false],
      ['m3', 'text m3', false, true],
    ]);
    expect(rows.messages[1].reply_to).toEqual({ _id: 'm1', message: 'text m1', userId: 'ana' });
    expect(rows.admins.map((a: { user_id: string; added_by: string }) => [a.user_id, a.added_by])).toEqual([['ana', 'org']]);
    expect(rows.removed.map((r: { user_id: string; removed_by: string }) => [r.user_id, r.removed_by])).toEqual([['cy', 'ana']]);

    await t.runner.rebuild();
    expect(await dump()).toEqual(rows);
  });
});
