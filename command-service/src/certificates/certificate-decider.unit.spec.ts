import { describe, expect, it } from 'vitest';
import { CertificateMessages as M } from '@circuit/shared/api/certificates';
import type { CertificateFacts } from '@circuit/shared/events/certificates';
import { given } from '@circuit/shared/testkit/given-when-then';
import { certificateDecider, type Candidate, type CertificateEvent, type CertifiedListing } from './certificate-decider';
import { badgeVisibilityDecider } from './badge-visibility-decider';
import type { Actor } from '../accounts/actors';

const listing: CertifiedListing = { listingKind: 'event', listingId: 'e1', exists: true, organiserId: 'org', organiserName: 'Olga Organiser', title: 'Demo night', endsAt: '2030-01-02T00:00:00.000Z', path: '/events/demo-night' };
const after = new Date('2030-01-03T00:00:00Z');
const before = new Date('2030-01-01T00:00:00Z');
const organiser: Actor = { userId: 'org', role: 'user' };
const facts: CertificateFacts = { registeredAt: '2029-12-01T00:00:00Z', checkedInAt: '2030-01-01T18:00:00Z', rank: null, prize: null, score: null, completedAt: null, projectId: null };
const candidate = (holderId: string, kind: Candidate['kind'] = 'participation'): Candidate => ({ holderId, holderName: `Name ${holderId}`, kind, facts });
const issue = (candidates: Candidate[], actor = organiser, now = after) => ({ type: 'Issue' as const, listing, actor, candidates, ids: candidates.map((c, i) => `id-${c.holderId}-${c.kind}-${i}`), now });
const revoke = (certificateId: string, reason: string, actor = organiser) => ({ type: 'Revoke' as const, listing, actor, certificateId, reason, now: after });

const issued = (holderId: string, kind: Candidate['kind'], certificateId: string): CertificateEvent => ({
  type: 'CertificateIssued',
  data: { listingKind: 'event', listingId: 'e1', at: after.toISOString(), byUserId: 'org', certificateId, holderId, kind, holderName: `Name ${holderId}`, listingTitle: 'Demo night', listingDate: listing.endsAt, listingPath: listing.path, organiserId: 'org', organiserName: 'Olga Organiser', facts },
});

describe('certificate decider', () => {
  it('issues one certificate per eligible person and kind, with what it prints and the facts', () => {
    given(certificateDecider).when(issue([candidate('a'), candidate('a', 'achievement'), candidate('b')])).then([issued('a', 'participation', 'id-a-participation-0'), issued('a', 'achievement', 'id-a-achievement-1'), issued('b', 'participation', 'id-b-participation-2')]);
  });

  it('issuing again adds only the newly eligible, and nothing when nobody is new', () => {
    const history = [issued('a', 'participation', 'c1')];
    given(certificateDecider, history).when(issue([candidate('a')])).then([]);
    const events = given(certificateDecider, history).when(issue([candidate('a'), candidate('b')])).events();
    expect(events.map((e) => (e.type === 'CertificateIssued' ? e.data.holderId : null))).toEqual(['b']);
  });

  it('a person listed twice for one kind gets one certificate', () => {
    expect(given(certificateDecider).when(issue([candidate('a'), candidate('a')])).events()).toHaveLength(1);
  });

  it('a revoked certificate is not issued again by a bulk issue', () => {
    given(certificateDecider, [issued('a', 'participation', 'c1'), { type: 'CertificateRevoked', data: { listingKind: 'event', listingId: 'e1', at: after.toISOString(), byUserId: 'org', certificateId: 'c1', reason: 'x' } }])
      .when(issue([candidate('a')]))
      .then([]);
  });

  it('issues only once the listing has ended', () => {
    given(certificateDecider).when(issue([candidate('a')], organiser, before)).thenThrows('refused', M.notEnded);
  });

  it('only the organiser, a manager co-host or an admin issues and revokes', () => {
    expect(given(certificateDecider).when(issue([candidate('a')], { userId: 'co', role: 'user', coHost: 'manager' })).events()).toHaveLength(1);
    given(certificateDecider).when(issue([candidate('a')], { userId: 'door', role: 'user', coHost: 'check-in' })).thenThrows('forbidden', M.notOrganiser);
    given(certificateDecider).when(issue([candidate('a')], { userId: 'x', role: 'user' })).thenThrows('forbidden', M.notOrganiser);
    given(certificateDecider).when(issue([candidate('a')], { userId: 'm', role: 'moderator' })).thenThrows('forbidden', M.notOrganiser);
    expect(given(certificateDecider).when(issue([candidate('a')], { userId: 'adm', role: 'admin' })).events()).toHaveLength(1);
    given(certificateDecider, [issued('a', 'participation', 'c1')]).when(revoke('c1', 'wrong person', { userId: 'x', role: 'user' })).thenThrows('forbidden', M.notOrganiser);
  });

  it('revokes with a reason, once; an unknown id is not found', () => {
    const history = [issued('a', 'participation', 'c1')];
    given(certificateDecider, history).when(revoke('c1', '  ')).thenThrows('refused', M.reasonRequired);
    given(certificateDecider, history).when(revoke('nope', 'x')).thenThrows('not_found', M.notFound);
    const [revoked] = given(certificateDecider, history).when(revoke('c1', ' Not checked in after all ')).events();
    expect(revoked).toEqual({ type: 'CertificateRevoked', data: { listingKind: 'event', listingId: 'e1', at: after.toISOString(), byUserId: 'org', certificateId: 'c1', reason: 'Not checked in after all' } });
    given(certificateDecider, [...history, revoked!]).when(revoke('c1', 'again')).thenThrows('conflict', M.alreadyRevoked);
  });
});

describe('badge visibility decider', () => {
  const set = (visible: boolean) => ({ userId: 'u', visible, now: after });
  it('shown until hidden; setting what is set appends nothing', () => {
    given(badgeVisibilityDecider).when(set(true)).then([]);
    const hidden = given(badgeVisibilityDecider).when(set(false)).events();
    expect(hidden).toEqual([{ type: 'CertificateBadgesVisibilitySet', data: { userId: 'u', visible: false, at: after.toISOString() } }]);
    given(badgeVisibilityDecider, hidden).when(set(false)).then([]);
  });
});
