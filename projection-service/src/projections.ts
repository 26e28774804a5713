import type { Projection } from './runner/projection';
import { usersProjection } from './accounts/users-projection';

/** Every read model, in the order they are applied to each event. */
export const allProjections: Projection[] = [usersProjection];
