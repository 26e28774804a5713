import type { CheckInKind } from '@circuit/shared/events/check-in';

/** The door's addresses, apart from its requests, so a dashboard card linking to them loads no check-in code. */
export const checkInPath = (kind: CheckInKind, id: string) => `/check-in/${kind}/${encodeURIComponent(id)}`;
export const coHostsPath = (kind: CheckInKind, id: string) => `/manage/${kind}/${encodeURIComponent(id)}/co-hosts`;
