import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventCatalogue, isKnownEventType, type EventData, type EventType } from '../events/catalogue';
import type { EventMetadata } from '../ports/event-store';
import { isSealedField } from './field-cipher';
import { PersonalDataCodec } from './personal-data-codec';
import { PersonalFields } from './personal-fields';
import type { SubjectKey, SubjectKeys } from './subject-keys';

const author = 'user-a1';
const other = 'user-b2';
const organiser = 'user-o3';
const at = '2026-03-01T10:00:00.000Z';

interface Sample<K extends EventType> {
  streamId: string;
  data: EventData<K>;
  metadata?: EventMetadata;
}
type Samples = { [K in EventType]?: Sample<K> };

const form = { firstName: 'Aarav', lastName: 'Mehta', mobile: '9876543210', college: 'Mehta Institute', course: 'B.Tech', branch: 'Mechatronics', collegeYear: '3rd', country: 'India', state: 'Gujarat' };
const winners = {
  type: 'results' as const,
  title: 'Winners',
  content: '<p>Congratulations</p>',
  results: {
    winners: [
      {
        rank: 1,
        track: 'Open',
        teamName: 'Night Owls',
        projectName: 'Lumen',
        projectDescription: 'A lamp',
        prize: 'First prize',
        teamMembers: [{ name: 'Ishita Rao', email: 'ishita.rao@example.test', role: 'Lead' }],
        pptLink: '',
        videoLink: '',
      },
    ],
    specialAwards: [],
  },
};
const projectVersion = {
  title: 'Lumen',
  tagline: 'Light for all',
  description: '<p>A lamp</p>',
  builtWith: ['TypeScript'],
  links: { repository: '', demo: '', video: '' },
  videoEmbedUrl: null,
  images: ['uploads/lumen-1.png', 'uploads/lumen-2.png'],
  trackIds: [],
  fromPortfolioProjectId: null,
};

/** One realistic event of every registered type, with distinctive values in its personal fields. */
const samples: Samples = {
  NameReserved: { streamId: 'email-x', data: { kind: 'email', value: 'aarav.mehta@example.test', userId: author } },
  NameReservationReleased: { streamId: 'oauth-x', data: { kind: 'oauth', value: 'github-8812734', userId: author } },
  UserRegistered: {
    streamId: `user-${author}`,
    data: { userId: author, username: 'aarav', email: 'aarav.mehta@example.test', firstName: 'Aarav', lastName: 'Mehta', passwordHash: null, role: 'user', emailVerified: false, registeredAt: at },
  },
  OAuthAccountLinked: { streamId: `user-${author}`, data: { provider: 'github', providerUserId: '8812734', at } },
  ProfileUpdated: {
    streamId: `user-${author}`,
    data: {
      changes: {
        firstName: 'Aarav',
        lastName: 'Mehta',
        bio: 'Builds lamps',
        tagline: 'Lamp maker',
        website: 'https://aarav.example.test',
        socialLinks: { github: 'https://github.com/aarav-m' },
        state: 'Gujarat',
        address: '12 Lake Road, Surat',
        college: 'Mehta Institute',
        course: 'B.Tech',
        branch: 'Mechatronics',
        collegeYear: '3rd',
        mobile: '9876543210',
        skills: ['Go'],
      },
      at,
    },
  },
  ProfilePictureChanged: { streamId: `user-${author}`, data: { url: '/uploads/aarav-face.png', at } },
  ProjectCreated: {
    streamId: 'project-p1',
    data: { projectId: 'p1', ownerId: author, title: 'Lumen', description: 'A lamp', technologies: [], githubUrl: 'https://github.com/aarav/lumen', liveUrl: 'https://lumen.example.test', image: '/uploads/lumen.png', at },
  },
  ProjectUpdated: {
    streamId: 'project-p1',
    data: { projectId: 'p1', title: 'Lumen', description: 'A lamp', technologies: [], githubUrl: 'https://github.com/aarav/lumen', liveUrl: 'https://lumen.example.test', image: '/uploads/lumen-2.png', at },
    metadata: { userId: author },
  },
  ProjectCommented: { streamId: 'project-p1', data: { projectId: 'p1', commentId: 'c1', parentId: null, userId: other, text: 'Lovely lamp, Aarav', at } },
  UserReported: { streamId: 'report-r1', data: { reportId: 'r1', from: other, to: author, reason: 'He sent me rude messages', at } },
  MessageSent: {
    streamId: `conversation-${author}-${other}`,
    data: { messageId: 'm2', from: other, to: author, message: 'See you at 6', replyTo: { _id: 'm1', message: 'When do we meet?', from: author }, at },
  },
  CommunityMessagePosted: {
    streamId: 'community-message-m3',
    data: { hackathonId: 'h1', messageId: 'm3', userId: other, message: 'Anyone for a team?', replyTo: { _id: 'm0', message: 'Hello all', userId: author }, at },
  },
  CommunityMessageEdited: { streamId: 'community-message-m3', data: { hackathonId: 'h1', messageId: 'm3', userId: other, message: 'Anyone for a team? DM me', at } },
  HackathonParticipantRegistered: { streamId: 'hackathon-roster-h1', data: { hackathonId: 'h1', userId: author, profile: form, at, fee: 'free' } },
  EventAttendeeRegistered: {
    streamId: 'event-roster-e1',
    data: { eventId: 'e1', userId: author, at, profile: form, paymentStatus: 'completed', holdUntil: null, via: 'direct', amount: 0, currency: 'INR' },
  },
  EventWaitlistJoined: { streamId: 'event-roster-e1', data: { eventId: 'e1', userId: author, at, profile: form } },
  QuizParticipantRegistered: { streamId: 'quiz-roster-q1', data: { quizId: 'q1', userId: author, profile: form, paymentStatus: 'completed', at } },
  HackathonReviewSubmitted: { streamId: `hackathon-review-h1-${author}`, data: { hackathonId: 'h1', userId: author, reviewId: 'v1', rating: 4, comment: 'Great mentors', at } },
  HackathonReviewEdited: { streamId: `hackathon-review-h1-${author}`, data: { hackathonId: 'h1', userId: author, reviewId: 'v1', rating: 5, comment: 'Great mentors indeed', at } },
  HackathonAnnouncementPosted: { streamId: 'hackathon-announcements-h1', data: { hackathonId: 'h1', announcementId: 'n1', announcement: winners, at, byUserId: organiser } },
  HackathonAnnouncementEdited: { streamId: 'hackathon-announcements-h1', data: { hackathonId: 'h1', announcementId: 'n1', announcement: winners, at, byUserId: organiser } },
  HackathonJudgeNoteSaved: { streamId: 'hackathon-scores-h1-j1', data: { hackathonId: 'h1', judgeUserId: other, projectId: 't1', note: 'Weak demo, strong idea', at } },
  HackathonJudgeInvitedByEmail: { streamId: 'hackathon-judging-h1', data: { hackathonId: 'h1', at, byUserId: organiser, email: 'judge.kapoor@example.test' } },
  HackathonJudgeRemoved: { streamId: 'hackathon-judging-h1', data: { hackathonId: 'h1', at, byUserId: organiser, judgeUserId: null, email: 'judge.kapoor@example.test' } },
  HackathonProjectDraftSaved: { streamId: 'hackathon-project-h1-t1', data: { hackathonId: 'h1', projectId: 't1', at, byUserId: author, entrant: 'team', version: projectVersion } },
  HackathonProjectSubmitted: {
    streamId: 'hackathon-project-h1-t1',
    data: { hackathonId: 'h1', projectId: 't1', at, byUserId: author, entrant: 'team', teamName: 'Night Owls', version: projectVersion, memberIds: [author, other] },
  },
  HackathonProjectCommented: { streamId: 'hackathon-project-comments-h1-t1', data: { hackathonId: 'h1', projectId: 't1', userId: other, at, commentId: 'c2', parentId: null, text: 'Which sensor did you use?' } },
  CertificateIssued: {
    streamId: 'certificates-event-e1',
    data: {
      listingKind: 'event',
      listingId: 'e1',
      at,
      byUserId: organiser,
      certificateId: 'AAAAAAAAAAAAAAAAAAAAAA',
      holderId: author,
      kind: 'participation',
      holderName: 'Aarav Mehta',
      listingTitle: 'Lamp Summit',
      listingDate: at,
      listingPath: '/events/lamp-summit',
      organiserId: organiser,
      organiserName: 'Neha Joshi',
      facts: { registeredAt: at, checkedInAt: null, rank: null, prize: null, score: null, completedAt: null, projectId: null },
    },
  },
};

/** Keys in memory, as SubjectKeys hands them to the codec; `erase` destroys one. */
function memoryKeys() {
  const keys = new Map<string, Buffer>();
  const erased = new Set<string>();
  const fake = {
    async keysOf(subjects: Iterable<string>, options: { create: boolean }): Promise<Map<string, SubjectKey>> {
      const found = new Map<string, SubjectKey>();
      for (const subject of subjects) {
        if (erased.has(subject)) found.set(subject, { erased: true });
        else {
          if (!keys.has(subject) && options.create) keys.set(subject, randomBytes(32));
          const key = keys.get(subject);
          if (key) found.set(subject, { key });
        }
      }
      return found;
    },
    erase: (subject: string) => void erased.add(subject),
  };
  return { keys: fake as unknown as SubjectKeys, erase: fake.erase };
}

/** Every value a registry path names in the data (`[]` walks an array's elements). */
function valuesAt(data: unknown, path: string): unknown[] {
  let nodes = [data];
  for (const part of path.split('.')) {
    const each = part.endsWith('[]');
    const key = each ? part.slice(0, -2) : part;
    nodes = nodes.flatMap((node) => {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return [];
      const child = (node as Record<string, unknown>)[key];
      return each ? (Array.isArray(child) ? child : []) : [child];
    });
  }
  return nodes;
}

/** The strings a personal value holds (a list of image keys, an object of links, a text). */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(stringsIn) : typeof value === 'object' && value !== null ? Object.values(value).flatMap(stringsIn) : [];

const registered = Object.entries(PersonalFields) as [EventType, NonNullable<(typeof PersonalFields)[EventType]>][];

describe('the personal fields registry', () => {
  it('names only event types of the catalogue', () => {
    expect(registered.map(([type]) => type).filter((type) => !isKnownEventType(type))).toEqual([]);
  });

  it('has a realistic sample of every registered type, valid against its schema', () => {
    for (const [type] of registered) {
      const sample = samples[type];
      expect(sample, `a sample ${type}`).toBeDefined();
      expect(() => EventCatalogue[type].parse(sample!.data), type).not.toThrow();
    }
  });

  it.each(registered)('%s: every path names a value, which is sealed, opened again, and read as a placeholder the schema accepts once erased', async (type, fields) => {
    const sample = samples[type]!;
    const event = { id: `ev-${type}`, type, data: sample.data, metadata: sample.metadata ?? {}, streamId: sample.streamId, occurredAt: at };
    const secrets = fields.flatMap((field) => {
      const values = valuesAt(sample.data, field.path);
      expect(values.length, `${type} ${field.path} resolves`).toBeGreaterThan(0);
      return values.flatMap(stringsIn);
    });
    expect(secrets.length).toBeGreaterThan(0);

    const { keys, erase } = memoryKeys();
    const codec = new PersonalDataCodec(PersonalFields, keys);
    const [sealed] = await codec.seal(sample.streamId, [event]);
    for (const field of fields) for (const value of valuesAt(sealed!.data, field.path)) expect(isSealedField(value), `${type} ${field.path} sealed`).toBe(true);
    const stored = JSON.stringify(sealed!.data);
    for (const secret of secrets) expect(stored).not.toContain(secret);

    const [opened] = await codec.open([{ ...sealed!, streamId: sample.streamId }]);
    expect(opened!.data).toEqual(sample.data);

    for (const subject of [author, other, organiser]) erase(subject);
    const [erased] = await codec.open([{ ...sealed!, streamId: sample.streamId }]);
    expect(() => EventCatalogue[type].parse(erased!.data), `${type} erased still parses`).not.toThrow();
    const left = JSON.stringify(erased!.data);
    for (const secret of secrets) expect(left).not.toContain(secret);
  });
});

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; out?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const LEAVES = new Set(['string', 'number', 'int', 'boolean', 'enum', 'literal', 'null', 'bigint', 'date', 'transform', 'unknown', 'any']);

/** Every field path of a schema, in the registry's notation (`[]` for an array's elements, `{}` for a record's values). */
function fieldPaths(schema: z.ZodType, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, child]) => {
        const at = path ? `${path}.${key}` : key;
        return [at, ...fieldPaths(child, at)];
      });
    case 'array':
      return fieldPaths(def.element!, `${path}[]`);
    case 'record':
      return fieldPaths(def.valueType!, `${path}{}`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fieldPaths(def.innerType!, path);
    case 'pipe':
      return fieldPaths(def.out!, path);
    case 'union':
      return def.options!.flatMap((option) => fieldPaths(option, path));
    default:
      if (!LEAVES.has(def.type)) throw new Error(`The guard cannot read a ${def.type} schema at ${path}: teach fieldPaths it`);
      return [];
  }
}

/** Field names that usually hold something of a person's. */
const LOOKS_PERSONAL = /e-?mail|name|mobile|phone|college|course|branch|bio|tagline|address|message|text|comment|body|picture|image|avatar|photo|note|reason|url|website|link|year/i;

const LISTINGS: EventType[] = ['HackathonCreated', 'HackathonUpdated', 'EventCreated', 'EventUpdated', 'QuizCreated', 'QuizUpdated'];
const ANNOUNCEMENTS: EventType[] = ['HackathonAnnouncementPosted', 'HackathonAnnouncementEdited'];
const VOTES: EventType[] = ['HackathonVoteCast', 'HackathonVoteChanged', 'HackathonVoteWithdrawn'];
const PAYMENTS: EventType[] = ['PaymentFailed', 'PaymentRefunded', 'PaymentRefundRefused', 'PaymentDuplicateRefundRefused', 'TeamPaymentFailed', 'EventRegistrationPaymentFailed', 'QuizPaymentFailed'];
const STAFF_DECISIONS: EventType[] = ['HackathonRejected', 'EventRejected', 'QuizRejected', 'UserSuspended', 'UserReinstated', 'ReportResolved', 'ReportDismissed', 'HackathonVotesExcluded', 'CertificateRevoked'];

/** Fields whose names look personal but that hold nothing of a person's, each with why. A field under a listed path is covered by it. */
const NOT_PERSONAL: { types?: EventType[]; path: string; why: string }[] = [
  { path: 'username', why: "the public handle a person chose to be known by (the brief's rule: usernames stay)" },
  { path: 'emailVerified', why: 'a flag, not an address' },
  { path: 'messageId', why: 'an id' },
  { path: 'commentId', why: 'an id' },
  { types: ['AccountErased'], path: 'reason', why: "'requested' or 'unverified': what auditors may see of an erasure" },
  { types: ['DemoSeedFailed'], path: 'message', why: "the demo seed's error, about the platform's own data" },
  { types: ['DataExportFailed'], path: 'reason', why: 'names the section where building a copy stopped, never the error or the data' },
  { types: ['NotificationCreated'], path: 'subject', why: "a listing's title, username and review reason, as its organiser and staff wrote them for the public" },
  { types: LISTINGS, path: 'content', why: 'a listing as its organiser published it for the public (its mentors, volunteers and venue included)' },
  { types: ['TeamCreated'], path: 'name', why: "a team's name, shown on the public roster, not a person's" },
  { types: ['HackathonProjectSubmitted'], path: 'teamName', why: "a team's name, not a person's" },
  { types: ['HackathonProjectDraftSaved', 'HackathonProjectSubmitted'], path: 'version.tagline', why: "the project's tagline, public in the gallery" },
  { types: ['HackathonProjectDraftSaved', 'HackathonProjectSubmitted'], path: 'version.links', why: "the project's public repository, demo and video links" },
  { types: ['HackathonProjectDraftSaved', 'HackathonProjectSubmitted'], path: 'version.videoEmbedUrl', why: "the player address of the project's public video" },
  { types: ANNOUNCEMENTS, path: 'announcement.results.winners[].teamName', why: "a team's name in public results" },
  { types: ANNOUNCEMENTS, path: 'announcement.results.winners[].projectName', why: "a project's name in public results" },
  { types: ANNOUNCEMENTS, path: 'announcement.results.winners[].pptLink', why: "a winning project's public slides" },
  { types: ANNOUNCEMENTS, path: 'announcement.results.winners[].videoLink', why: "a winning project's public video" },
  { types: ANNOUNCEMENTS, path: 'announcement.results.specialAwards', why: 'teams and projects of public results, no person named' },
  { types: ['HackathonSponsorAdded', 'HackathonSponsorUpdated'], path: 'sponsor', why: "a sponsor company's name and logo, published by the organiser" },
  { types: ['HackathonJudgingSetupSaved'], path: 'setup', why: "the judging tracks' and criteria's names, written by the organiser" },
  { types: VOTES, path: 'clientAddress', why: "already a keyed hash of the voter's network address per hackathon (client-address.ts), never the address" },
  { types: PAYMENTS, path: 'reason', why: "the gateway's or the platform's reason a payment failed or was refunded" },
  { types: PAYMENTS, path: 'gatewayMessage', why: "the gateway's answer to a refund" },
  { types: STAFF_DECISIONS, path: 'reason', why: 'a staff or organiser decision, kept as the moderation record' },
  { types: STAFF_DECISIONS, path: 'note', why: 'a staff decision on a report, kept as the moderation record' },
];

const covers = (outer: string, path: string) => path === outer || path.startsWith(`${outer}.`) || path.startsWith(`${outer}[]`) || path.startsWith(`${outer}{}`);

/** The catalogue's fields whose names look personal and that are neither registered nor explained. */
function forgottenFields(catalogue: Record<string, z.ZodType>): string[] {
  const forgotten: string[] = [];
  for (const [type, schema] of Object.entries(catalogue)) {
    const paths = PersonalFields[type as EventType]?.map((field) => field.path) ?? [];
    for (const path of fieldPaths(schema)) {
      const name = path.split('.').at(-1)!.replace(/\[\]|\{\}/g, '');
      if (!LOOKS_PERSONAL.test(name)) continue;
      if (paths.some((registeredPath) => covers(registeredPath, path))) continue;
      const explained = NOT_PERSONAL.some((entry) => (entry.types ? entry.types.includes(type as EventType) && covers(entry.path, path) : name === entry.path));
      if (!explained) forgotten.push(`${type} ${path}`);
    }
  }
  return forgotten;
}

describe('the guard: no personal-looking field of the catalogue is forgotten', () => {
  it('every field whose name looks personal is registered or explained', () => {
    expect(forgottenFields(EventCatalogue), 'register these in personal-fields.ts, or say in NOT_PERSONAL why they are not personal').toEqual([]);
  });

  it('catches a new event type that forgets a personal field, however deep', () => {
    const Future = z.object({ userId: z.string(), username: z.string(), contact: z.object({ phoneNumber: z.string() }), members: z.array(z.object({ fullName: z.string().optional() })) });
    expect(forgottenFields({ ...EventCatalogue, FutureEvent: Future })).toEqual(['FutureEvent contact.phoneNumber', 'FutureEvent members[].fullName']);
  });

  it('every explanation still names a field of the catalogue (none left behind)', () => {
    const all = (Object.entries(EventCatalogue) as [EventType, z.ZodType][]).flatMap(([type, schema]) => fieldPaths(schema).map((path) => ({ type, path })));
    const stale = NOT_PERSONAL.filter((entry) => !all.some(({ type, path }) => (entry.types ? entry.types.includes(type) && covers(entry.path, path) : path.split('.').at(-1) === entry.path)));
    expect(stale.map((entry) => `${entry.types?.join(',') ?? '*'} ${entry.path}`)).toEqual([]);
  });
});
