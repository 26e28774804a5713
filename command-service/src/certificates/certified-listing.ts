import { loadState } from '@circuit/shared/commands/decider';
import { quizStream } from '@circuit/shared/events/quizzes';
import type { CertificateListingKind } from '@circuit/shared/events/certificates';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { accountOf } from '../accounts/actors';
import { findListingOf } from '../listings/listing-service';
import { eventListing } from '../events/event-decider';
import { hackathonListing } from '../hackathons/hackathon-decider';
import { quizDecider, type QuizState } from '../quizzes/quiz-decider';
import type { CertifiedListing } from './certificate-decider';

/** A person's name as their account stream has it now (what a certificate prints). */
export async function nameOf(store: EventStore, userId: string): Promise<string> {
  const profile = (await accountOf(store, userId))?.profile;
  const name = `${profile?.firstName ?? ''} ${profile?.lastName ?? ''}`.trim();
  return name || profile?.username || 'Former member';
}

const iso = (value: string | undefined) => (value && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : '');

const QUIZ_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loadQuiz(store: EventStore, quizId: string): Promise<QuizState> {
  if (!QUIZ_ID.test(quizId)) throw notFound('Quiz not found');
  return (await loadState(store, quizStream(quizId), quizDecider)).state;
}

/** The listing a certificate is of, read from its own stream (by id, or an event's or hackathon's username). */
export async function certifiedListingOf(store: EventStore, kind: CertificateListingKind, idOrUsername: string): Promise<CertifiedListing> {
  const facts = async (l: { id: string; exists: boolean; deleted: boolean; createdBy: string }, title: string, endsAt: string | undefined, path: string): Promise<CertifiedListing> => ({
    listingKind: kind,
    listingId: l.id,
    exists: l.exists && !l.deleted,
    organiserId: l.createdBy,
    organiserName: l.createdBy ? await nameOf(store, l.createdBy) : '',
    title,
    endsAt: iso(endsAt),
    path,
  });
  if (kind === 'event') {
    const l = await findListingOf(store, eventListing, idOrUsername);
    return facts(l, l.content?.title ?? '', l.content?.dates.endDate, `/events/${l.content?.username ?? l.id}`);
  }
  if (kind === 'hackathon') {
    const l = await findListingOf(store, hackathonListing, idOrUsername);
    return facts(l, l.content?.title ?? '', l.content?.dates.endDate, `/hackathons/${l.content?.username ?? l.id}`);
  }
  const q = await loadQuiz(store, idOrUsername);
  if (!q.exists) throw notFound('Quiz not found');
  return facts({ ...q, id: idOrUsername }, q.content?.title ?? '', q.content?.dates.endDate, `/quizzes/${idOrUsername}`);
}
