import { createBrowserRouter } from 'react-router-dom';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { LoginPage } from '../auth/LoginPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { SignupPage } from '../auth/SignupPage';
import { HomePage } from '../home/HomePage';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { PageSpinner } from '../ui/Spinner';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * Routes of this stage. The product's other routes (/dashboard, /hackathons, ...) come with their
 * features; until then they fall through to the not-found page like any unknown path. Feature screens
 * load on first visit (a chunk each), so the first page stays small.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown only while the first screen's code loads when the app starts on a feature route.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'profile', lazy: async () => ({ Component: (await import('../profile/ProfilePage')).ProfilePage }) },
      { path: 'in/:username', lazy: async () => ({ Component: (await import('../public-profile/PublicProfilePage')).PublicProfilePage }) },
      { path: 'user/:username', lazy: async () => ({ Component: (await import('../public-profile/PublicProfilePage')).PublicProfilePage }) },
      { path: 'user/:username/followers', lazy: async () => ({ Component: (await import('../relationships/RelationshipListPage')).FollowersPage }) },
      { path: 'user/:username/following', lazy: async () => ({ Component: (await import('../relationships/RelationshipListPage')).FollowingPage }) },
      { path: 'user/:username/connections', lazy: async () => ({ Component: (await import('../relationships/RelationshipListPage')).ConnectionsPage }) },
      { path: 'notifications', lazy: async () => ({ Component: (await import('../notifications/NotificationsPage')).NotificationsPage }) },
      { path: 'search', lazy: async () => ({ Component: (await import('../search/SearchPage')).SearchPage }) },
      { path: 'messages', lazy: async () => ({ Component: (await import('../messages/MessagesPage')).MessagesPage }) },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
