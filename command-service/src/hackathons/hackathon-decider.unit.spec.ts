import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { HackathonContentSchema } from '@circuit/shared/events/hackathons';
import { hackathonDecider, saveDecider, slugDecider, type HackathonEvent } from './hackathon-decider';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const AT = NOW.toISOString();
const content = HackathonContentSchema.parse({ username: 'monsoon', title: 'Monsoon', takeRegistrations: 'pending' });
const organiser = { userId: 'u-org', role: 'user' as const };
const stranger = { userId: 'u-x', role: 'user' as const };
const admin = { userId: 'u-admin', role: 'admin' as const };
const moderator = { userId: 'u-mod', role: 'moderator' as const };
const created: HackathonEvent = { type: 'HackathonCreated', data: { hackathonId: 'h1', createdBy: 'u-org', content, at: AT } };
const approved: HackathonEvent = { type: 'HackathonApproved', data: { hackathonId: 'h1', at: AT, byUserId: 'u-mod' } };

describe('hackathon decider', () => {
  it('creates a pending listing once', () => {
    given(hackathonDecider, []).when({ type: 'CreateHackathon', hackathonId: 'h1', actor: organiser, content, now: NOW }).then([created]);
    given(hackathonDecider, [created]).when({ type: 'CreateHackathon', hackathonId: 'h1', actor: organiser, content, now: NOW }).thenThrows('conflict');
  });

  it('lets the creator or an admin edit, keeping the username; refuses anyone else', () => {
    const renamed = { ...content, username: 'other', title: 'Monsoon 2' };
    given(hackathonDecider, [created]).when({ type: 'UpdateHackathon', hackathonId: 'h1', actor: organiser, content: renamed, now: NOW }).then([
      { type: 'HackathonUpdated', data: { hackathonId: 'h1', content: { ...renamed, username: 'monsoon' }, at: AT, byUserId: 'u-org' } },
    ]);
    given(hackathonDecider, [created]).when({ type: 'UpdateHackathon', hackathonId: 'h1', actor: admin, content, now: NOW }).then((events) => expect(events).toHaveLength(1));
    given(hackathonDecider, [created]).when({ type: 'UpdateHackathon', hackathonId: 'h1', actor: stranger, content, now: NOW }).thenThrows('forbidden', 'You are not authorized to edit this hackathon');
    given(hackathonDecider, [created]).when({ type: 'UpdateHackathon', hackathonId: 'h1', actor: moderator, content, now: NOW }).thenThrows('forbidden');
    given(hackathonDecider, []).when({ type: 'UpdateHackathon', hackathonId: 'h1', actor: organiser, content, now: NOW }).thenThrows('not_found', 'Hackathon not found');
  });

  it('moderators and admins approve and reject with a reason; users cannot; approving twice records nothing', () => {
    given(hackathonDecider, [created]).when({ type: 'ApproveHackathon', hackathonId: 'h1', actor: moderator, now: NOW }).then([approved]);
    given(hackathonDecider, [created, approved]).when({ type: 'ApproveHackathon', hackathonId: 'h1', actor: admin, now: NOW }).then([]);
    given(hackathonDecider, [created]).when({ type: 'ApproveHackathon', hackathonId: 'h1', actor: organiser, now: NOW }).thenThrows('forbidden');
    given(hackathonDecider, [created]).when({ type: 'RejectHackathon', hackathonId: 'h1', actor: moderator, reason: 'No dates', now: NOW }).then([
      { type: 'HackathonRejected', data: { hackathonId: 'h1', reason: 'No dates', at: AT, byUserId: 'u-mod' } },
    ]);
  });

  it('refuses to approve a rejected hackathon until its organiser edits it', () => {
    const rejected: HackathonEvent = { type: 'HackathonRejected', data: { hackathonId: 'h1', reason: 'No dates', at: AT, byUserId: 'u-mod' } };
    given(hackathonDecider, [created, rejected])
      .when({ type: 'ApproveHackathon', hackathonId: 'h1', actor: admin, now: NOW })
      .thenThrows('conflict', 'This hackathon was rejected; it cannot be approved');
    const edited: HackathonEvent = { type: 'HackathonUpdated', data: { hackathonId: 'h1', content, at: AT, byUserId: 'u-org' } };
    given(hackathonDecider, [created, rejected, edited]).when({ type: 'ApproveHackathon', hackathonId: 'h1', actor: moderator, now: NOW }).then([approved]);
  });

  it('deletes for the creator or an admin; a deleted listing is gone for every command', () => {
    const deleted: HackathonEvent = { type: 'HackathonDeleted', data: { hackathonId: 'h1', at: AT, byUserId: 'u-org' } };
    given(hackathonDecider, [created]).when({ type: 'DeleteHackathon', hackathonId: 'h1', actor: organiser, now: NOW }).then([deleted]);
    given(hackathonDecider, [created]).when({ type: 'DeleteHackathon', hackathonId: 'h1', actor: stranger, now: NOW }).thenThrows('forbidden');
    given(hackathonDecider, [created, deleted]).when({ type: 'ApproveHackathon', hackathonId: 'h1', actor: admin, now: NOW }).thenThrows('not_found');
  });
});

describe('slug and save deciders', () => {
  it('holds a slug for one hackathon until it is released', () => {
    const reserved = { type: 'HackathonSlugReserved' as const, data: { slug: 'monsoon', hackathonId: 'h1', at: AT } };
    given(slugDecider, []).when({ type: 'ReserveSlug', slug: 'monsoon', hackathonId: 'h1', now: NOW }).then([reserved]);
    given(slugDecider, [reserved]).when({ type: 'ReserveSlug', slug: 'monsoon', hackathonId: 'h2', now: NOW }).thenThrows('conflict', 'Username is not available. Please choose a different username.');
    const released = { type: 'HackathonSlugReleased' as const, data: { slug: 'monsoon', hackathonId: 'h1', at: AT } };
    given(slugDecider, [reserved, released]).when({ type: 'ReserveSlug', slug: 'monsoon', hackathonId: 'h2', now: NOW }).then([{ ...reserved, data: { ...reserved.data, hackathonId: 'h2' } }]);
  });

  it('saves an available hackathon once; unsaving what is not saved records nothing', () => {
    given(saveDecider, []).when({ type: 'Save', hackathonId: 'h1', userId: 'u', available: false, now: NOW }).thenThrows('not_found');
    given(saveDecider, [{ type: 'HackathonSaved', data: { hackathonId: 'h1', userId: 'u', at: AT } }]).when({ type: 'Save', hackathonId: 'h1', userId: 'u', available: true, now: NOW }).then([]);
    given(saveDecider, []).when({ type: 'Unsave', hackathonId: 'h1', userId: 'u', available: true, now: NOW }).then([]);
  });
});
