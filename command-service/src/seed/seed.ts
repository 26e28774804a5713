import type { Config } from '@circuit/shared/config';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import { toNewEvents, type CommandContext } from '@circuit/shared/commands/decider';
import { SEED_STREAM } from '@circuit/shared/events/seed';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { Knex } from 'knex';
import { loadState } from '@circuit/shared/commands/decider';
import { projectStream } from '@circuit/shared/events/projects';
import { projectDecider } from '../projects/project-decider';
import { seedId } from './seed-ids';
import { startPhases } from '@circuit/shared/time/phases';
import { hashPassword } from '@circuit/shared/crypto/secrets';
import { UpdateProfileBody, ProjectBody } from '@circuit/shared/validation/profile';
import type { AccountService } from '../accounts/account-service';
import type { ProfileService } from '../profiles/profile-service';
import type { ProjectService } from '../projects/project-service';
import type { SocialService } from '../social/social-service';
import type { HackathonService } from '../hackathons/hackathon-service';
import type { RegistrationService } from '../hackathon-registrations/registration-service';
import { seedHackathonRegistrations } from '../hackathon-registrations/seed-registrations';
import { seedConsole } from './seed-console';
import type { PaymentService } from '../payments/payment-service';
import { seedHackathons } from './seed-hackathons';
import { seedEvents } from './seed-events';
import type { EventService } from '../events/event-service';
import type { EventRegistrationService } from '../events/event-registration-service';
import type { ReviewService } from '../hackathon-reviews/review-service';
import type { AnnouncementService } from '../hackathon-announcements/announcement-service';
import { seedHackathonBoards } from './seed-hackathon-board';
import { seedJudging } from './seed-judging';
import { seedCertificates } from './seed-certificates';
import { seedCommunityChats } from '../community/seed-community';
import { seedQuizzes } from '../quizzes/seed-quizzes';
import type { CommunityService } from '../community/community-service';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { LIVE_EVENT_GUESTS, seedLiveEvent } from './seed-check-in';

export const DEMO_PASSWORD = 'demo12345';

export const DEMO_USERS = [
  { username: 'aarav_dev', email: 'aarav@circuit.local', firstName: 'Aarav', lastName: 'Sharma' },
  { username: 'priya_codes', email: 'priya@circuit.local', firstName: 'Priya', lastName: 'Nair' },
  { username: 'rahul_builds', email: 'rahul@circuit.local', firstName: 'Rahul', lastName: 'Verma' },
  { username: 'sneha_ml', email: 'sneha@circuit.local', firstName: 'Sneha', lastName: 'Iyer' },
  { username: 'kabir_ops', email: 'kabir@circuit.local', firstName: 'Kabir', lastName: 'Mehta' },
] as const;

/** What the seed can use; it seeds what it is given the services for. */
export interface SeedDeps {
  config: Config;
  store: EventStore;
  accounts: AccountService;
  log: Logger;
  /** @deprecated Not read: the seed finds on the streams what an interrupted run made. Callers may still pass it. */
  knex?: Knex;
  /** Given, the demo users get profiles and projects (seedProfilesAndProjects). */
  profiles?: ProfileService;
  projects?: ProjectService;
  /** Given, the demo users follow and connect with each other (seedSocialGraph). */
  social?: SocialService;
  /** Given, demo hackathons in every state, with registrations, teams and payments. */
  hackathons?: HackathonService;
  registrations?: RegistrationService;
  payments?: PaymentService;
  /** Given, a few hackathons get reviews, announcements of each type and a sponsor in every tier. */
  reviews?: ReviewService;
  announcements?: AnnouncementService;
  /** Given (with registrations), a busy community chat on a few hackathons. */
  community?: CommunityService;
  /** Given, the demo listings get generated banner images instead of letter placeholders. */
  files?: FileStore;
  /** Given (with eventRegistrations), demo events in every type, category, pricing and date state, two full with a waitlist. */
  events?: EventService;
  eventRegistrations?: EventRegistrationService;
}

/**
 * Loads demo content on the first start of an empty store, outside production only. Its progress
 * is recorded on the `seed-demo` stream and every step skips what already exists, so a first start
 * interrupted half-way (Ctrl-C while seeding) finishes the seed at the next start. A seed that
 * fails never stops the start: the site starts with what exists.
 */
export async function seedIfEmpty(deps: SeedDeps): Promise<boolean> {
  const { config, store } = deps;
  if (config.NODE_ENV === 'production' || config.SEED === 'false') return false;
  const marker = await store.readStream(SEED_STREAM);
  if (marker.some((e) => e.type === 'DemoSeedCompleted')) return false;
  const failures = marker.filter((e) => e.type === 'DemoSeedFailed').length;
  if (failures >= SEED_ATTEMPTS) {
    deps.log.warn({ failures }, 'the demo seed failed on every start so far; starting without the rest of the demo data');
    return false;
  }
  if (marker.length === 0) {
    if ((await store.headPosition()) > 0n) return false; // a store that was never seeded stays so
    await store.append(SEED_STREAM, toNewEvents([{ type: 'DemoSeedStarted', data: { at: new Date().toISOString() } }], {}, new Date().toISOString()), 'no_stream');
  } else {
    deps.log.info('finishing a demo seed that was interrupted');
  }
  try {
    await seedDemo(deps);
  } catch (error) {
    // A seed that cannot finish must not keep the site from starting: it starts with what exists.
    const message = error instanceof Error ? error.message : String(error);
    await store.append(SEED_STREAM, toNewEvents([{ type: 'DemoSeedFailed', data: { at: new Date().toISOString(), message } }], {}, new Date().toISOString()), 'any');
    const more = SEED_ATTEMPTS - failures - 1;
    deps.log.error({ err: error }, more > 0 ? `the demo seed stopped half-way; the site starts without the rest, and the next start tries again (${more} more)` : 'the demo seed stopped half-way again; the site starts without the rest, for good');
    return false;
  }
  await store.append(SEED_STREAM, toNewEvents([{ type: 'DemoSeedCompleted', data: { at: new Date().toISOString() } }], {}, new Date().toISOString()), 'any');
  deps.log.info({ users: DEMO_USERS.length + 2 }, 'seeded demo data');
  return true;
}

/** The id of an owner's n-th demo project. */
const seedProjectId = (ownerId: string, n: number) => seedId('project', ownerId, n);

/** How many starts may try the demo seed before it is given up. */
const SEED_ATTEMPTS = 3;

/** Each step skips what an earlier, interrupted run created. */
async function seedDemo(deps: SeedDeps): Promise<void> {
  const { config, store } = deps;
  const ctx = { correlationId: 'seed' };
  const timing = startPhases();
  // A password hash costs a deliberately slow scrypt (about half a second, 128 MiB); the demo's users share a
  // few passwords, so each is hashed once, all at once on the thread pool, instead of once per user in turn.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;
  for (const password of [config.SEED_MODERATOR_PASSWORD, config.SEED_ADMIN_PASSWORD, DEMO_PASSWORD]) void hashOf(password).catch(() => undefined);
  // The user of that username, registering it first when it does not exist yet.
  const ensureUser = async (input: Parameters<AccountService['register']>[0]): Promise<string> =>
    (await deps.accounts.ownerOf('username', input.username)) ??
    (await deps.accounts.register(input, ctx, { passwordHash: input.password === null ? undefined : await hashOf(input.password) })).userId;

  const moderatorId = await ensureUser({
    username: config.SEED_MODERATOR_USERNAME,
    email: config.SEED_MODERATOR_EMAIL,
    password: config.SEED_MODERATOR_PASSWORD,
    firstName: 'Maya',
    lastName: 'Moderator',
    role: 'moderator',
    emailVerified: true,
  });
  const adminId = await ensureUser({
    username: config.SEED_ADMIN_USERNAME,
    email: config.SEED_ADMIN_EMAIL,
    password: config.SEED_ADMIN_PASSWORD,
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    emailVerified: true,
  });
  timing.mark('adminUsers');
  const demo: SeededUser[] = [];
  for (const user of DEMO_USERS) {
    demo.push({ userId: await ensureUser({ ...user, password: DEMO_PASSWORD, emailVerified: true }), username: user.username });
  }
  timing.mark('demoUsers');
  if (deps.profiles && deps.projects) {
    // The seed names its projects (seedId): the owner's first one on its stream says an earlier run made them.
    const hasProjects = async (ownerId: string) => (await loadState(store, projectStream(seedProjectId(ownerId, 0)), projectDecider)).state.status !== 'none';
    await seedProfilesAndProjects({ profiles: deps.profiles, projects: deps.projects, hasProjects, projectIdOf: seedProjectId }, demo, ctx);
  }
  timing.mark('profiles');
  if (deps.social) await seedSocialGraph(deps.social, demo, ctx);
  timing.mark('social');
  await seedConsole({ store, social: deps.social, ensureUser }, { adminId, reporterId: demo[0]!.userId }, ctx);
  timing.mark('console');
  const payOrder = demoPayments(deps);
  if (deps.hackathons) {
    const accepted = await seedHackathons({ hackathons: deps.hackathons, store, now: () => new Date(), files: deps.files }, demo.map((u) => u.userId), moderatorId, ctx);
    timing.mark('hackathons');
    if (deps.registrations) {
      await seedHackathonRegistrations(
        {
          registrations: deps.registrations,
          store,
          log: deps.log,
          payOrder,
        },
        accepted,
        demo,
        ctx,
      );
    timing.mark('registrations');
      if (deps.community) await seedCommunityChats({ community: deps.community, log: deps.log }, accepted, {}, ctx);
    timing.mark('community');
    }
    if (deps.reviews && deps.announcements) await seedHackathonBoards({ store, reviews: deps.reviews, announcements: deps.announcements }, accepted, ctx);
    timing.mark('boards');
    await seedJudging({ store, ensureUser, log: deps.log }, { users: demo, moderatorId, adminId, password: DEMO_PASSWORD }, ctx);
    timing.mark('judging');
  }
  if (deps.events && deps.eventRegistrations) {
    await seedEvents(
      {
        events: deps.events,
        registrations: deps.eventRegistrations,
        log: deps.log,
        now: () => new Date(),
        files: deps.files,
        payOrder,
      },
      demo.map((u) => u.userId),
      demo,
      moderatorId,
      ctx,
    );
  }
  timing.mark('events');
  const people = demo.map((u) => ({ userId: u.userId, ...(DEMO_USERS.find((d) => d.username === u.username) ?? { firstName: u.username, lastName: '' }) }));
  // A running event at a venue: aarav_dev organises it, priya_codes checks people in at the door.
  const guests = [];
  for (const guest of LIVE_EVENT_GUESTS) guests.push({ userId: await ensureUser({ ...guest, password: DEMO_PASSWORD, emailVerified: true }), firstName: guest.firstName, lastName: guest.lastName });
  timing.mark('guests');
  const [organiser, doorkeeper, ...attendees] = people;
  await seedLiveEvent(store, { organiser: organiser!, doorkeeper: doorkeeper!, attendees: [...attendees, ...guests], checkedIn: 3 }, new Date(), ctx);
  timing.mark('liveEvent');
  await seedQuizzes({ store, now: new Date(), files: deps.files }, people, moderatorId);
  timing.mark('quizzes');
  await seedCertificates({ store }, ctx);
  timing.mark('certificates');
  deps.log.info({ phases: timing.phases }, 'demo seed steps (ms)');
}


/**
 * Pays the demo's orders through the sandbox checkout. A real gateway takes real checkouts only, so
 * with Razorpay configured the demo's paid registrations wait for their payment.
 */
function demoPayments({ payments, log }: Pick<SeedDeps, 'payments' | 'log'>) {
  if (!payments?.gateway) return undefined;
  if (payments.gateway.provider !== 'sandbox') {
    log.info({ provider: payments.gateway.provider }, 'demo seed: paid registrations are left awaiting payment (only the sandbox pays by itself)');
    return undefined;
  }
  return async ({ orderId, userId }: { orderId: string; userId: string }) => {
    const paid = await payments.sandboxPay(userId, orderId, 'success');
    return { paymentId: paid!.razorpay_payment_id, signature: paid!.razorpay_signature };
  };
}

export interface SeededUser {
  userId: string;
  username: string;
}

type DemoUsername = (typeof DEMO_USERS)[number]['username'];

/** Profiles of the demo users: every value passes the profile form's rules (checked below with UpdateProfileBody). */
export const DEMO_PROFILES: Record<DemoUsername, Record<string, unknown>> = {
  aarav_dev: {
    firstName: 'Aarav',
    lastName: 'Sharma',
    tagline: 'Full-stack developer who ships on weekends',
    bio: '<p>Final-year CS student building <strong>developer tools</strong>. Hackathon regular, open-source contributor.</p>',
    website: 'aarav.dev',
    socialLinks: { github: 'https://github.com/aarav-dev', linkedin: 'https://linkedin.com/in/aarav-dev' },
    country: 'India',
    state: 'Karnataka',
    address: 'Koramangala, Bengaluru',
    college: 'RV College of Engineering',
    course: 'B.E',
    branch: 'Computer Science',
    collegeYear: '4th Year',
    skills: ['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Docker'],
  },
  priya_codes: {
    firstName: 'Priya',
    lastName: 'Nair',
    tagline: 'Frontend engineer, accessibility advocate',
    bio: '<p>I care about <em>fast, accessible</em> interfaces. Mentor at local coding clubs.</p>',
    socialLinks: { github: 'https://github.com/priya-codes', twitter: 'https://x.com/priya_codes' },
    country: 'India',
    state: 'Kerala',
    address: 'Kakkanad, Kochi',
    college: 'College of Engineering Trivandrum',
    course: 'B.Tech',
    branch: 'Information Technology',
    collegeYear: '3rd Year',
    skills: ['JavaScript', 'React', 'Next.js', 'Tailwind CSS', 'UI/UX Design', 'Figma'],
  },
  rahul_builds: {
    firstName: 'Rahul',
    lastName: 'Verma',
    tagline: 'Backend and systems, mostly Go and Rust',
    bio: '<p>Distributed systems nerd. Currently exploring <code>eBPF</code> and databases.</p>',
    socialLinks: { github: 'https://github.com/rahul-builds' },
    country: 'India',
    state: 'Uttar Pradesh',
    address: 'Sector 62, Noida',
    college: 'IIIT Allahabad',
    course: 'M.Tech',
    branch: 'Computer Science',
    collegeYear: '1st Year',
    skills: ['Go', 'Rust', 'Kubernetes', 'System Design', 'Linux'],
  },
  sneha_ml: {
    firstName: 'Sneha',
    lastName: 'Iyer',
    tagline: 'Machine learning for healthcare',
    bio: '<p>Working on medical imaging with <strong>deep learning</strong>. Kaggle expert.</p>',
    website: 'https://sneha-ml.github.io',
    socialLinks: { github: 'https://github.com/sneha-ml', linkedin: 'https://www.linkedin.com/in/sneha-ml' },
    country: 'India',
    state: 'Tamil Nadu',
    address: 'Adyar, Chennai',
    college: 'Anna University',
    course: 'B.Tech',
    branch: 'Artificial Intelligence',
    collegeYear: '3rd Year',
    skills: ['Python', 'Machine Learning', 'PyTorch', 'Computer Vision', 'Data Science'],
  },
  kabir_ops: {
    firstName: 'Kabir',
    lastName: 'Mehta',
    tagline: 'Cloud and DevOps, keeping things green',
    bio: '<p>Infrastructure as code, CI/CD pipelines and coffee.</p>',
    socialLinks: { linkedin: 'https://linkedin.com/in/kabir-ops' },
    country: 'Other',
    address: 'Dubai, UAE',
    college: 'BITS Pilani, Dubai Campus',
    course: 'B.E',
    branch: 'Electronics & Communication',
    collegeYear: 'Graduate',
    skills: ['AWS', 'Terraform', 'Docker', 'Kubernetes', 'CI/CD', 'Python'],
  },
};

interface DemoProject {
  title: string;
  description: string;
  technologies: string[];
  githubUrl?: string;
  liveUrl?: string;
  likedBy: DemoUsername[];
  comments: { by: DemoUsername; text: string; replies?: { by: DemoUsername; text: string }[] }[];
}

export const DEMO_PROJECTS: Record<DemoUsername, DemoProject[]> = {
  aarav_dev: [
    {
      title: 'DevLog',
      description: 'A command-line journal for developers that turns git history into weekly summaries.',
      technologies: ['TypeScript', 'Node.js', 'SQLite'],
      githubUrl: 'https://github.com/aarav-dev/devlog',
      likedBy: ['priya_codes', 'rahul_builds', 'kabir_ops'],
      comments: [{ by: 'priya_codes', text: 'Love the weekly summary idea!', replies: [{ by: 'aarav_dev', text: 'Thanks! Markdown export is next.' }] }],
    },
    {
      title: 'Hackathon Buddy',
      description: 'Matches hackathon participants into teams by skills and time zones.',
      technologies: ['React', 'PostgreSQL', 'Docker'],
      githubUrl: 'https://github.com/aarav-dev/hackathon-buddy',
      liveUrl: 'https://hackathon-buddy.example.com',
      likedBy: ['sneha_ml'],
      comments: [{ by: 'sneha_ml', text: 'Would this work for online-only events?' }],
    },
  ],
  priya_codes: [
    {
      title: 'A11y Checker',
      description: 'A browser extension that highlights accessibility issues as you browse.',
      technologies: ['JavaScript', 'Chrome Extensions'],
      githubUrl: 'https://github.com/priya-codes/a11y-checker',
      likedBy: ['aarav_dev', 'sneha_ml', 'rahul_builds', 'kabir_ops'],
      comments: [{ by: 'aarav_dev', text: 'Used it on our hackathon project, found 12 issues.' }],
    },
    {
      title: 'Palette Studio',
      description: 'Generates accessible colour palettes with contrast ratios checked against WCAG.',
      technologies: ['Next.js', 'Tailwind CSS'],
      liveUrl: 'https://palette-studio.example.com',
      likedBy: ['kabir_ops'],
      comments: [],
    },
  ],
  rahul_builds: [
    {
      title: 'tinykv',
      description: 'An embedded key-value store with a log-structured merge tree, written to learn storage engines.',
      technologies: ['Rust'],
      githubUrl: 'https://github.com/rahul-builds/tinykv',
      likedBy: ['aarav_dev', 'kabir_ops'],
      comments: [{ by: 'kabir_ops', text: 'How does compaction behave under heavy writes?', replies: [{ by: 'rahul_builds', text: 'Leveled compaction; benchmarks in the README.' }] }],
    },
    {
      title: 'Gossip Chat',
      description: 'Peer-to-peer chat over a gossip protocol, no central server.',
      technologies: ['Go', 'WebRTC'],
      githubUrl: 'https://github.com/rahul-builds/gossip-chat',
      likedBy: ['priya_codes'],
      comments: [],
    },
  ],
  sneha_ml: [
    {
      title: 'X-Ray Triage',
      description: 'A model that flags chest X-rays needing urgent review, with saliency maps for radiologists.',
      technologies: ['Python', 'PyTorch', 'FastAPI'],
      githubUrl: 'https://github.com/sneha-ml/xray-triage',
      likedBy: ['aarav_dev', 'priya_codes', 'rahul_builds'],
      comments: [{ by: 'rahul_builds', text: 'What dataset did you train on?', replies: [{ by: 'sneha_ml', text: 'NIH ChestX-ray14 plus a small local set.' }] }],
    },
    {
      title: 'Study Planner',
      description: 'Plans revision schedules with spaced repetition from your syllabus.',
      technologies: ['Python', 'Flask'],
      likedBy: ['priya_codes'],
      comments: [],
    },
  ],
  kabir_ops: [
    {
      title: 'Infra Starter',
      description: 'Terraform modules and GitHub Actions for a production-ready AWS setup in an afternoon.',
      technologies: ['Terraform', 'AWS', 'GitHub Actions'],
      githubUrl: 'https://github.com/kabir-ops/infra-starter',
      likedBy: ['aarav_dev', 'rahul_builds'],
      comments: [{ by: 'aarav_dev', text: 'Saved me a weekend, thank you.' }],
    },
  ],
};

/**
 * Demo profiles, projects, likes, saves and comments, through the same services (and so the same
 * commands, rules and events) as the API.
 */
export async function seedProfilesAndProjects(
  services: {
    profiles: ProfileService;
    projects: ProjectService;
    hasProjects?: (ownerId: string) => Promise<boolean>;
    /** The id of the owner's n-th demo project (a new one each time when not given). */
    projectIdOf?: (ownerId: string, n: number) => string;
  },
  users: SeededUser[],
  ctx: CommandContext = { correlationId: 'seed' },
): Promise<void> {
  const idOf = new Map(users.map((u) => [u.username, u.userId]));
  const id = (username: DemoUsername): string | undefined => idOf.get(username);

  for (const user of users) {
    const profile = DEMO_PROFILES[user.username as DemoUsername];
    if (profile) await services.profiles.updateProfile(user.userId, UpdateProfileBody.parse(profile), { ...ctx, userId: user.userId });
  }
  for (const [owner, list] of Object.entries(DEMO_PROJECTS) as [DemoUsername, DemoProject[]][]) {
    const ownerId = id(owner);
    // An interrupted seed already gave this owner projects: leave them as they are.
    if (!ownerId || (await services.hasProjects?.(ownerId))) continue;
    for (const [n, project] of list.entries()) {
      const body = ProjectBody.parse(project);
      const projectId = await services.projects.create(
        ownerId,
        { title: body.title, description: body.description, technologies: body.technologies, githubUrl: body.githubUrl, liveUrl: body.liveUrl },
        { ...ctx, userId: ownerId },
        services.projectIdOf?.(ownerId, n),
      );
      for (const liker of project.likedBy) {
        const likerId = id(liker);
        if (likerId) await services.projects.like(likerId, projectId, { ...ctx, userId: likerId });
      }
      const saverId = id(project.likedBy[0] ?? owner);
      if (saverId && saverId !== ownerId) await services.projects.save(saverId, projectId, { ...ctx, userId: saverId });
      for (const comment of project.comments) {
        const authorId = id(comment.by);
        if (!authorId) continue;
        const commentId = await services.projects.comment(authorId, projectId, comment.text, null, { ...ctx, userId: authorId });
        for (const reply of comment.replies ?? []) {
          const replierId = id(reply.by);
          if (replierId) await services.projects.comment(replierId, projectId, reply.text, commentId, { ...ctx, userId: replierId });
        }
      }
    }
  }
}

/**
 * Follows and connections among the demo users, so profiles, lists, notifications and messaging
 * have content: aarav and priya are connected (they can chat), rahul and sneha too; kabir has a
 * request from aarav waiting in his notifications; a few one-way follows.
 */
export async function seedSocialGraph(social: SocialService, demo: SeededUser[], ctx: CommandContext): Promise<void> {
  const id = (username: DemoUsername) => {
    const user = demo.find((u) => u.username === username);
    if (!user) throw new Error(`demo user ${username} was not seeded`);
    return user.userId;
  };
  // A step an interrupted seed already took answers 409 (already requested, already connected).
  const act = async (...args: Parameters<SocialService['act']>) => {
    await social.act(...args).catch((error: unknown) => {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    });
  };
  const connect = async (a: DemoUsername, b: DemoUsername) => {
    await act('RequestConnection', id(a), id(b), ctx);
    await act('AcceptConnection', id(b), id(a), ctx);
  };
  await connect('aarav_dev', 'priya_codes');
  await connect('rahul_builds', 'sneha_ml');
  await connect('priya_codes', 'sneha_ml');
  await act('RequestConnection', id('aarav_dev'), id('kabir_ops'), ctx);
  await act('Follow', id('kabir_ops'), id('sneha_ml'), ctx);
  await act('Follow', id('rahul_builds'), id('aarav_dev'), ctx);
  await act('Follow', id('sneha_ml'), id('aarav_dev'), ctx);
}
