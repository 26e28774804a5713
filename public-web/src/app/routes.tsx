import type { RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { RootLayout, ShellFallback } from './RootLayout';
import { RouteError } from './RouteError';
import { prefetchProfile } from '../public-profile/prefetchProfile';
import { prefetchHackathon, prefetchHackathonList } from '../hackathons/prefetchHackathons';

/** A route whose screen loads on first visit, in a chunk of its own. */
const screen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

/**
 * The routes. Every screen loads on first visit (a chunk each), so a signed-out visitor never downloads the chat
 * or the editor. Home is one too: it comes rendered from the server, so its first paint does not wait for its
 * code, and the other pages' first load no longer carries it. Sign-in is a chunk since its form library would
 * otherwise weigh on every page; early.js fetches it with the HTML of /login.
 * Sections whose screens are not built yet show a "coming soon" page rather than the not-found page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown only while the first screen's code loads when the app starts on a lazily loaded route.
    hydrateFallbackElement: <ShellFallback />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../home/HomePage')).HomePage }) },
      screen('login', async () => (await import('../auth/LoginPage')).LoginPage),
      screen('signup', async () => (await import('../auth/SignupPage')).SignupPage),
      screen('forgot-password', async () => (await import('../auth/ForgotPasswordPage')).ForgotPasswordPage),
      screen('reset-password', async () => (await import('../auth/ResetPasswordPage')).ResetPasswordPage),
      screen('reset-password/:token', async () => (await import('../auth/ResetPasswordPage')).ResetPasswordPage),
      screen('dashboard', async () => (await import('../dashboard/DashboardPage')).DashboardPage),
      screen('user-dashboard', async () => (await import('../dashboard/UserDashboardPage')).UserDashboardPage),
      screen('saved', async () => (await import('../dashboard/SavedPage')).SavedPage),
      screen('profile', async () => (await import('../profile/ProfilePage')).ProfilePage),
      { ...screen('in/:username', async () => (await import('../public-profile/PublicProfilePage')).PublicProfilePage), loader: prefetchProfile },
      { ...screen('user/:username', async () => (await import('../public-profile/PublicProfilePage')).PublicProfilePage), loader: prefetchProfile },
      screen('user/:username/followers', async () => (await import('../relationships/RelationshipListPage')).FollowersPage),
      screen('user/:username/following', async () => (await import('../relationships/RelationshipListPage')).FollowingPage),
      screen('user/:username/connections', async () => (await import('../relationships/RelationshipListPage')).ConnectionsPage),
      screen('notifications', async () => (await import('../notifications/NotificationsPage')).NotificationsPage),
      screen('settings/notifications', async () => (await import('../settings/NotificationSettingsPage')).NotificationSettingsPage),
      screen('settings/data', async () => (await import('../settings/YourDataPage')).YourDataPage),
      screen('account-deleted', async () => (await import('../settings/AccountDeletedPage')).AccountDeletedPage),
      screen('unsubscribe/:token', async () => (await import('../settings/UnsubscribePage')).UnsubscribePage),
      screen('search', async () => (await import('../search/SearchPage')).SearchPage),
      screen('messages', async () => (await import('../messages/MessagesPage')).MessagesPage),
      screen('about', async () => (await import('../info/InfoPages')).AboutPage),
      screen('help', async () => (await import('../info/InfoPages')).HelpPage),
      screen('contact', async () => (await import('../info/InfoPages')).ContactPage),
      screen('terms', async () => (await import('../info/InfoPages')).TermsPage),
      screen('privacy', async () => (await import('../info/InfoPages')).PrivacyPage),
      { ...screen('hackathons', async () => (await import('../hackathons/HackathonsPage')).HackathonsPage), loader: prefetchHackathonList },
      { ...screen('hackathons/:username', async () => (await import('../hackathons/HackathonDetailPage')).HackathonDetailPage), loader: prefetchHackathon },
      screen('hackathons/:username/edit', async () => (await import('../hackathon-form/HackathonFormPage')).EditHackathonPage),
      screen('create-hackathon', async () => (await import('../hackathon-form/HackathonFormPage')).CreateHackathonPage),
      screen('hackathons/:username/team', async () => (await import('../teams/TeamPage')).TeamPage),
      // By username (tabs) or by hackathon id (cards and a full-view dialog): the page tells them apart.
      screen('hackathons/:username/announcements', async () => (await import('../hackathons/announcements/AnnouncementsPage')).AnnouncementsPage),
      screen('hackathons/:username/judging', async () => (await import('../hackathons/judging/JudgePage')).JudgePage),
      screen('hackathons/:username/judging/manage', async () => (await import('../hackathons/judging/JudgingConsolePage')).JudgingConsolePage),
      screen('hackathons/:username/project', async () => (await import('../hackathons/projects/ProjectFormPage')).ProjectFormPage),
      screen('hackathons/:username/projects', async () => (await import('../hackathons/projects/GalleryPage')).GalleryPage),
      screen('hackathons/:username/projects/:projectId', async () => (await import('../hackathons/projects/ProjectPage')).ProjectPage),
      screen('admin/hackathons', async () => (await import('../hackathons/admin/ManageHackathonsPage')).ManageHackathonsPage),
      screen('admin/hackathons/:username/announcements', async () => (await import('../hackathons/admin/AnnouncementsAdminPage')).AnnouncementsAdminPage),
      screen('events', async () => (await import('../events/EventsPage')).EventsPage),
      screen('events/:username', async () => (await import('../events/EventDetailPage')).EventDetailPage),
      screen('events/:username/edit', async () => (await import('../event-form/EventFormPage')).EditEventPage),
      screen('create-event', async () => (await import('../event-form/EventFormPage')).CreateEventPage),
      screen('admin/events/:eventId/participants', async () => (await import('../events/ParticipantsPage')).EventParticipantsPage),
      screen('quizzes', async () => (await import('../quizzes/QuizzesPage')).QuizzesPage),
      screen('quiz/:id', async () => (await import('../quizzes/QuizDetailPage')).QuizDetailPage),
      // The home page links quizzes as /quizzes/{id} (spec 3, "Home page"): the same detail screen.
      screen('quizzes/:id', async () => (await import('../quizzes/QuizDetailPage')).QuizDetailPage),
      screen('quiz/:id/take', async () => (await import('../quizzes/QuizTakePage')).QuizTakePage),
      screen('quiz/:id/preview', async () => (await import('../quizzes/QuizTakePage')).QuizPreviewPage),
      screen('quiz/:id/edit', async () => (await import('../quizzes/QuizFormPage')).EditQuizPage),
      screen('create-quiz', async () => (await import('../quizzes/QuizFormPage')).CreateQuizPage),
      screen('quizzes/:id/leaderboard', async () => (await import('../quizzes/QuizLeaderboardPage')).QuizLeaderboardPage),
      screen('admin/quizzes/:quizId/participants', async () => (await import('../quizzes/QuizParticipantsPage')).QuizParticipantsPage),
      screen('create', async () => (await import('../create/CreatePage')).CreatePage),
      screen('verify/:id', async () => (await import('../certificates/VerifyPage')).VerifyPage),
      screen('tickets/:ticketId', async () => (await import('../tickets/TicketPrintPage')).TicketPrintPage),
      screen('check-in/:kind/:id', async () => (await import('../check-in/CheckInPage')).CheckInPage),
      screen('manage/:kind/:id/co-hosts', async () => (await import('../check-in/CoHostsPage')).CoHostsPage),
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
