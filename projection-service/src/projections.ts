import type { Projection } from './runner/projection';
import { usersProjection } from './accounts/users-projection';
import { profilesProjection } from './profiles/profiles-projection';
import { projectsProjection } from './projects/projects-projection';
import { socialProjection } from './social/social-projection';
import { notificationsProjection } from './notifications/notifications-projection';
import { messagingProjection } from './messaging/messaging-projection';

/** Every read model, in the order they are applied to each event. */
export const allProjections: Projection[] = [usersProjection, profilesProjection, projectsProjection, socialProjection, notificationsProjection, messagingProjection];
