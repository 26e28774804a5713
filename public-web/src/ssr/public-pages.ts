import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router-dom';
import type { Event } from '@circuit/shared/api/events';
import type { AnnouncementList } from '@circuit/shared/api/hackathon-announcements';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import type { ProjectDetail, ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import type { Quiz, QuizLeaderboard } from '@circuit/shared/api/quizzes';
import type { Project } from '@circuit/shared/api/projects';
import type { User } from '@circuit/shared/api/users';
import type { CertificateVerification } from '@circuit/shared/api/certificates';
import { certificateKeys } from '../certificates/certificatesApi';
import { eventKeys } from '../events/eventsApi';
import { announcementsOf, boardKeys } from '../hackathons/announcements/announcementsApi';
import { hackathonKeys } from '../hackathons/hackathonQueries';
import { galleryFilterCodec } from '../hackathons/projects/galleryFilters';
import { hackathonProjectKeys } from '../hackathons/projects/projectQueries';
import { projectKeys } from '../projects/projectsApi';
import { quizKeys } from '../quizzes/quizzesApi';
import {
  headOfAnnouncements,
  headOfEvent,
  headOfHackathon,
  headOfHackathonProject,
  headOfHome,
  headOfInfoPage,
  headOfLeaderboard,
  headOfList,
  headOfProfile,
  headOfProjectGallery,
  headOfQuiz,
  headOfSignIn,
  headOfVerification,
  type InfoPage,
  type PageHead,
  type Site,
} from '../seo';
import { userKeys } from '../users/keys';

/** Finds an answer the render fetched, by its query key. */
type Lookup = <T>(key: readonly unknown[]) => T | undefined;

interface PublicPage {
  pattern: string;
  /**
   * The query whose answer is the page (a listing, a profile): when the API refuses it, the page is not rendered.
   * `search` is the address's query string, for a page whose answer depends on it (the gallery's filters).
   */
  mainQuery?: (params: Params, search: URLSearchParams) => readonly unknown[];
  head: (params: Params, data: Lookup, site: Site, search: URLSearchParams) => PageHead;
}

/** A page made of one answer, its head a function of it. */
const pageOf =
  <T,>(pattern: string, key: (params: Params, search: URLSearchParams) => readonly unknown[], head: (answer: T, site: Site) => PageHead): PublicPage => ({
    pattern,
    mainQuery: key,
    head: (params, data, site, search) => head(data<T>(key(params, search))!, site),
  });

/** The gallery for the address's filters, as its screen asks for it (the first page heads it). */
const galleryKey = (p: Params, search: URLSearchParams) => hackathonProjectKeys.gallery(p.username!, null, galleryFilterCodec.fromParams(search));

const fixed = (pattern: string, head: (site: Site) => PageHead): PublicPage => ({ pattern, head: (_params, _data, site) => head(site) });

const profile = (pattern: string): PublicPage => ({
  pattern,
  mainQuery: (p) => userKeys.detail(p.username!),
  head: (p, data, site) => headOfProfile(data<User>(userKeys.detail(p.username!))!, site, data<Project[]>(projectKeys.list(p.username!))),
});

/**
 * The pages rendered on the server, and the head each one gets: what anyone may open from a shared link or
 * a search result. Every other screen (dashboards, forms, chat, the quiz being taken) is for a signed-in
 * user and stays a client screen behind the static shell.
 */
const PUBLIC_PAGES: PublicPage[] = [
  fixed('/', headOfHome),
  fixed('/hackathons', (site) => headOfList('hackathons', site)),
  pageOf<Hackathon>('/hackathons/:username', (p) => hackathonKeys.detail(p.username!), headOfHackathon),
  pageOf<AnnouncementList>('/hackathons/:username/announcements', (p) => boardKeys.announcements(announcementsOf(p.username!)), (list, site) => headOfAnnouncements(list.hackathon, site)),
  // A signed-out visitor's answers (viewer null), as the server fetches them.
  {
    pattern: '/hackathons/:username/projects',
    mainQuery: galleryKey,
    head: (p, data, site, search) => headOfProjectGallery(data<InfiniteData<ProjectGallery>>(galleryKey(p, search))!.pages[0]!, site),
  },
  pageOf<ProjectDetail>('/hackathons/:username/projects/:projectId', (p) => hackathonProjectKeys.detail(p.username!, p.projectId!, null), headOfHackathonProject),
  fixed('/events', (site) => headOfList('events', site)),
  pageOf<Event>('/events/:username', (p) => eventKeys.detail(p.username!), headOfEvent),
  fixed('/quizzes', (site) => headOfList('quizzes', site)),
  pageOf<Quiz>('/quiz/:id', (p) => quizKeys.detail(p.id!), (quiz, site) => headOfQuiz(quiz, site)),
  pageOf<Quiz>('/quizzes/:id', (p) => quizKeys.detail(p.id!), (quiz, site) => headOfQuiz(quiz, site)),
  pageOf<QuizLeaderboard>('/quizzes/:id/leaderboard', (p) => quizKeys.leaderboard(p.id!), headOfLeaderboard),
  profile('/in/:username'),
  profile('/user/:username'),
  fixed('/login', headOfSignIn),
  pageOf<CertificateVerification>('/verify/:id', (p) => certificateKeys.verification(p.id!), headOfVerification),
  ...(['about', 'help', 'contact', 'terms', 'privacy'] as const).map((page: InfoPage) => fixed(`/${page}`, (site) => headOfInfoPage(page, site))),
];

function matchPage(pathname: string): { page: PublicPage; params: Params } | null {
  for (const page of PUBLIC_PAGES) {
    const match = matchPath(page.pattern, pathname);
    if (match) return { page, params: match.params };
  }
  return null;
}

export const isServerRendered = (pathname: string): boolean => matchPage(pathname) !== null;

export type PageOutcome = { kind: 'head'; head: PageHead } | { kind: 'refused'; status: number };

/**
 * The status the API refused the page's own answer with (a listing in review, no such user), or null while
 * it is answered or not asked yet. A refused page is not rendered again: its screen would only redirect.
 */
export function refusalOfPage(pathname: string, client: QueryClient, search = ''): number | null {
  const { page, params } = pageAt(pathname);
  if (!page.mainQuery) return null;
  const state = client.getQueryState(page.mainQuery(params, new URLSearchParams(search)));
  if (state?.status !== 'error') return null;
  const status = (state.error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 ? status : 404;
}

/**
 * The head of a rendered public page from the data its render fetched, or the status the API refused the
 * page's own answer with: such a page is not rendered on the server.
 */
export function outcomeOfPage(pathname: string, client: QueryClient, site: Site, search = ''): PageOutcome {
  const { page, params } = pageAt(pathname);
  const query = new URLSearchParams(search);
  if (page.mainQuery && client.getQueryData(page.mainQuery(params, query)) === undefined) {
    return { kind: 'refused', status: refusalOfPage(pathname, client, search) ?? 404 };
  }
  return { kind: 'head', head: page.head(params, (key) => client.getQueryData(key), site, query) };
}

function pageAt(pathname: string): { page: PublicPage; params: Params } {
  const found = matchPage(pathname);
  if (!found) throw new Error(`${pathname} is not a server-rendered page`);
  return found;
}
