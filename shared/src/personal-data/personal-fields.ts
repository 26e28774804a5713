import type { EventType } from '../events/catalogue';
import { actingUser, dataUser, parentUser, personal, streamUser, type FieldContext, type PersonalField } from './personal-field';

/** A reservation's value is personal when it is an e-mail address or a provider's account id; a username is the public handle. */
const reservedFor = (ctx: FieldContext) => (ctx.data.kind === 'username' ? null : dataUser('userId')(ctx));

/** What a participant typed into a registration form (hackathons, events, quizzes): theirs, by the event's `userId`. */
const registrationForm = (path: string): PersonalField[] => [
  personal.firstName(`${path}.firstName`, dataUser('userId')),
  personal.lastName(`${path}.lastName`, dataUser('userId')),
  ...['mobile', 'college', 'course', 'branch', 'collegeYear', 'state'].map((field) => personal.text(`${path}.${field}`, dataUser('userId'))),
];

const COMMENT_DELETED = 'Comment deleted';

/**
 * A results announcement names the winners' team members, who have no user id here: their names and addresses are
 * held for the organiser who typed them (`byUserId`), the only person the event knows.
 */
const winnersTeamMembers = (): PersonalField[] => [
  personal.name('announcement.results.winners[].teamMembers[].name', dataUser('byUserId')),
  personal.text('announcement.results.winners[].teamMembers[].email', dataUser('byUserId')),
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
 * nothing personal: amounts, times, ids, usernames and states stay in the clear. `personal-fields.unit.spec.ts`
 * fails on any field of the catalogue whose name looks personal and that is neither here nor explained there.
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
    personal.text('changes.collegeYear', streamUser),
    personal.text('changes.mobile', streamUser),
  ],
  ProfilePictureChanged: [personal.text('url', streamUser)],
  // portfolio projects: the image the owner uploaded, and comments by whoever wrote them
  ProjectCreated: projectContent(dataUser('ownerId')),
  // An edit names no owner: only the owner edits their project.
  ProjectUpdated: projectContent(actingUser),
  ProjectCommented: [personal.text('text', dataUser('userId'), COMMENT_DELETED)],
  // social: what the reporter wrote about the person they reported
  UserReported: [personal.message('reason', dataUser('from'))],
  // private messages: the quoted reply is its own author's text
  MessageSent: [personal.message('message', dataUser('from')), personal.message('replyTo.message', parentUser('from'))],
  // community chat of a hackathon
  CommunityMessagePosted: [personal.message('message', dataUser('userId')), personal.message('replyTo.message', parentUser('userId'))],
  CommunityMessageEdited: [personal.message('message', dataUser('userId'))],
  // registration forms
  HackathonParticipantRegistered: registrationForm('profile'),
  EventAttendeeRegistered: registrationForm('profile'),
  EventWaitlistJoined: registrationForm('profile'),
  QuizParticipantRegistered: registrationForm('profile'),
  // reviews
  HackathonReviewSubmitted: [personal.text('comment', dataUser('userId'))],
  HackathonReviewEdited: [personal.text('comment', dataUser('userId'))],
  // results announcements
  HackathonAnnouncementPosted: winnersTeamMembers(),
  HackathonAnnouncementEdited: winnersTeamMembers(),
  // judging: a judge's private note; an invitation by e-mail is held for the organiser who sent it (the invitee may have no account)
  HackathonJudgeNoteSaved: [personal.text('note', dataUser('judgeUserId'))],
  HackathonJudgeInvitedByEmail: [personal.email('email', dataUser('byUserId'))],
  HackathonJudgeRemoved: [personal.email('email', dataUser('byUserId'))],
  // hackathon projects: the images the member uploaded, and comments
  HackathonProjectDraftSaved: [personal.value('version.images', dataUser('byUserId'), [])],
  HackathonProjectSubmitted: [personal.value('version.images', dataUser('byUserId'), [])],
  HackathonProjectCommented: [personal.text('text', dataUser('userId'), COMMENT_DELETED)],
  // certificates: the names printed on them
  CertificateIssued: [personal.name('holderName', dataUser('holderId')), personal.name('organiserName', dataUser('organiserId'))],
};

