import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { AnnouncementFormSchema, SponsorFormSchema } from '@circuit/shared/validation/hackathon-announcements';
import type { ListingRef } from '../hackathons/listing-lookup';
import { announcementsDecider, sponsorsDecider, type AnnouncementEvent, type SponsorEvent } from './announcement-decider';
import { announcementContentOf, sponsorContentOf } from './announcement-service';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const AT = NOW.toISOString();
const listing: ListingRef = { hackathonId: 'h1', exists: true, deleted: false, status: 'accepted', createdBy: 'u-org', username: 'monsoon', title: 'Monsoon', takeRegistrations: 'pending' };
const organiser = { userId: 'u-org', role: 'user' as const };
const admin = { userId: 'u-admin', role: 'admin' as const };
const moderator = { userId: 'u-mod', role: 'moderator' as const };
const stranger = { userId: 'u-x', role: 'user' as const };
const announcement = { type: 'general' as const, title: 'Kick-off at 10', content: '<p>Hall A</p>', results: { winners: [], specialAwards: [] } };
const posted: AnnouncementEvent = { type: 'HackathonAnnouncementPosted', data: { hackathonId: 'h1', announcementId: 'a1', announcement, at: AT, byUserId: 'u-org' } };

describe('announcements decider', () => {
  it('given a hackathon, its creator or an admin posts; anyone else, a moderator included, is refused with 403', () => {
    given(announcementsDecider, []).when({ type: 'PostAnnouncement', announcementId: 'a1', announcement, listing, actor: organiser, now: NOW }).then([posted]);
    given(announcementsDecider, []).when({ type: 'PostAnnouncement', announcementId: 'a1', announcement, listing, actor: admin, now: NOW }).then((events) => expect(events).toHaveLength(1));
    for (const actor of [stranger, moderator]) {
      given(announcementsDecider, []).when({ type: 'PostAnnouncement', announcementId: 'a1', announcement, listing, actor, now: NOW }).thenThrows('forbidden', 'Only the hackathon’s creator or an admin can manage its announcements');
    }
    given(announcementsDecider, []).when({ type: 'PostAnnouncement', announcementId: 'a1', announcement, listing: { ...listing, deleted: true }, actor: organiser, now: NOW }).thenThrows('not_found', 'Hackathon not found');
  });

  it('given a posted announcement, a retried post records nothing; edit and delete need it to exist', () => {
    given(announcementsDecider, [posted]).when({ type: 'PostAnnouncement', announcementId: 'a1', announcement, listing, actor: organiser, now: NOW }).then([]);
    const edited = { ...announcement, title: 'Kick-off at 11' };
    given(announcementsDecider, [posted]).when({ type: 'EditAnnouncement', announcementId: 'a1', announcement: edited, listing, actor: organiser, now: NOW }).then([
      { type: 'HackathonAnnouncementEdited', data: { hackathonId: 'h1', announcementId: 'a1', announcement: edited, at: AT, byUserId: 'u-org' } },
    ]);
    const deleted: AnnouncementEvent = { type: 'HackathonAnnouncementDeleted', data: { hackathonId: 'h1', announcementId: 'a1', at: AT, byUserId: 'u-org' } };
    given(announcementsDecider, [posted]).when({ type: 'DeleteAnnouncement', announcementId: 'a1', listing, actor: organiser, now: NOW }).then([deleted]);
    given(announcementsDecider, [posted, deleted]).when({ type: 'EditAnnouncement', announcementId: 'a1', announcement, listing, actor: organiser, now: NOW }).thenThrows('not_found', 'Announcement not found');
    given(announcementsDecider, [posted]).when({ type: 'DeleteAnnouncement', announcementId: 'a1', listing, actor: stranger, now: NOW }).thenThrows('forbidden');
  });
});

describe('sponsors decider', () => {
  const sponsor = { name: 'Acme', tier: 'gold' as const, image: '' };
  const added: SponsorEvent = { type: 'HackathonSponsorAdded', data: { hackathonId: 'h1', sponsorId: 's1', sponsor, at: AT, byUserId: 'u-org' } };
  it('given a hackathon, its creator adds, updates and removes sponsors; others get 403', () => {
    given(sponsorsDecider, []).when({ type: 'AddSponsor', sponsorId: 's1', sponsor, listing, actor: organiser, now: NOW }).then([added]);
    given(sponsorsDecider, []).when({ type: 'AddSponsor', sponsorId: 's1', sponsor, listing, actor: stranger, now: NOW }).thenThrows('forbidden', 'Only the hackathon’s creator or an admin can manage its sponsors');
    given(sponsorsDecider, [added]).when({ type: 'UpdateSponsor', sponsorId: 's1', sponsor: { ...sponsor, tier: 'platinum' }, listing, actor: admin, now: NOW }).then((events) => expect(events[0]?.type).toBe('HackathonSponsorUpdated'));
    given(sponsorsDecider, [added]).when({ type: 'RemoveSponsor', sponsorId: 's1', listing, actor: organiser, now: NOW }).then((events) => expect(events[0]?.type).toBe('HackathonSponsorRemoved'));
    given(sponsorsDecider, []).when({ type: 'RemoveSponsor', sponsorId: 's1', listing, actor: organiser, now: NOW }).thenThrows('not_found', 'Sponsor not found');
  });
});

describe('announcement and sponsor content', () => {
  const form = (input: unknown) => AnnouncementFormSchema.parse(input);
  const refused = (input: unknown) => {
    try {
      announcementContentOf(form(input));
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };
  it('answers the spec’s messages', () => {
    expect(refused({ title: '', content: '<p>x</p>' })).toBe('Title and content are required');
    expect(refused({ title: 'x', content: '<p> </p>' })).toBe('Title and content are required');
    expect(refused({ title: 'x', content: '<script>alert(1)</script>' })).toBe('Title and content are required');
    expect(refused({ type: 'results', title: 'Results', content: '<p>Winners</p>', results: { winners: [{ rank: 1, teamName: 'A' }] } })).toBe('Rank, team name, and project name are required');
    expect(refused({ type: 'results', title: 'Results', content: '<p>Winners</p>', results: { winners: [{ teamName: 'A', projectName: 'B' }] } })).toBe('Rank, team name, and project name are required');
    expect(refused({ type: 'results', title: 'Results', content: '<p>Winners</p>', results: { specialAwards: [{ category: 'Best UI' }] } })).toBe('Category and team name are required');
    expect(() => sponsorContentOf(SponsorFormSchema.parse({ name: '  ' }))).toThrow('Sponsor name is required');
  });

  it('sanitises the content, sorts winners by rank and drops results from other types', () => {
    const stored = announcementContentOf(
      form({
        type: 'results',
        title: ' Results ',
        content: '<p onclick="x()">Congrats <script>bad()</script><a href="javascript:alert(1)">all</a></p>',
        results: { winners: [{ rank: '2', teamName: 'B', projectName: 'Q' }, { rank: 1, teamName: 'A', projectName: 'P' }] },
      }),
    );
    expect(stored.title).toBe('Results');
    expect(stored.content).toBe('<p>Congrats <a rel="noopener noreferrer nofollow" target="_blank">all</a></p>');
    expect(stored.results.winners.map((w) => w.rank)).toEqual([1, 2]);
    const general = announcementContentOf(form({ type: 'general', title: 'x', content: '<p>y</p>', results: { winners: [{ rank: 1, teamName: 'A', projectName: 'P' }] } }));
    expect(general.results).toEqual({ winners: [], specialAwards: [] });
  });
});
