import type { EventType } from '../events/catalogue';
import { actingUser, dataUser, parentUser, personal, streamUser, type FieldContext, type PersonalField } from './personal-field';

/** A reservation's value is personal when it is an e-mail address or a provider's account id; a username is the public handle. */
const reservedFor = (ctx: FieldContext) => (ctx.data.kind === 'username' ? null : dataUser('userId')(ctx));

/** The person's details a registration form copies from their profile (hackathons, quizzes). */
const registrationProfile = (subject: PersonalField['subject']): PersonalField[] => [
  personal.firstName('profile.firstName', subject),
  personal.lastName('profile.lastName', subject),
  personal.text('profile.mobile', subject),
  personal.text('profile.college', subject),
  personal.text('profile.course', subject),
  personal.text('profile.branch', subject),
  personal.text('profile.state', subject),
];

/** A portfolio project's texts and image are its owner's. */
const projectContent = (subject: PersonalField['subject']): PersonalField[] => [
  personal.text('title', subject),
  personal.text('description', subject),
  personal.text('githubUrl', subject),
  personal.text('liveUrl', subject),
  personal.value('image', subject),
];

/**
 * Every personal field of every event type, and whose it is (docs/personal-data.md). A type that is not here holds
 * nothing personal: amounts, times, ids and states stay in the clear.
 */
export const PersonalFields: Partial<Record<EventType, readonly PersonalField[]>> = {
  // accounts
  NameReserved: [personal.text('value', reservedFor, 'erased')],
  NameReservationReleased: [personal.text('value', reservedFor, 'erased')],
  UserRegistered: [
    personal.email('email', dataUser('userId')),
    personal.firstName('firstName', dataUser('userId')),
    personal.lastName('lastName', dataUser('userId')),
  ],
  OAuthAccountLinked: [personal.text('providerUserId', streamUser, 'erased')],
  // profiles
  ProfileUpdated: [
    personal.firstName('changes.firstName', streamUser),
    personal.lastName('changes.lastName', streamUser),
    personal.text('changes.bio', streamUser),
    personal.text('changes.tagline', streamUser),
    personal.text('changes.website', streamUser),
    personal.value('changes.socialLinks', streamUser, {}),
    personal.text('changes.state', streamUser),
    personal.text('changes.address', streamUser),
    personal.text('changes.college', streamUser),
    personal.text('changes.course', streamUser),
    personal.text('changes.branch', streamUser),
    personal.text('changes.mobile', streamUser),
  ],
  ProfilePictureChanged: [personal.text('url', streamUser)],
  // private messages: the quoted reply is its own author's text
  MessageSent: [personal.message('message', dataUser('from')), personal.message('replyTo.message', parentUser('from'))],
  // portfolio projects: only their owner edits them
  ProjectCreated: projectContent(dataUser('ownerId')),
  ProjectUpdated: projectContent(actingUser),
  // registrations
  HackathonParticipantRegistered: registrationProfile(dataUser('userId')),
  QuizParticipantRegistered: registrationProfile(dataUser('userId')),
  // reviews
  HackathonReviewSubmitted: [personal.text('comment', dataUser('userId'))],
  HackathonReviewEdited: [personal.text('comment', dataUser('userId'))],
};
