import { useSyncExternalStore } from 'react';
import { FALLBACK_TIME_ZONE, viewerTimeZone } from '@circuit/shared/time/format';
import { dateLabelsIn, type DateLabels } from '../hackathons/labels';

/**
 * The zone a page rendered on the server writes its times in. The server cannot know the viewer's zone;
 * India's is the one most of Circuit's visitors read, and every time names its zone, so it is never
 * mistaken for another.
 */
export const SERVER_RENDER_ZONE = FALLBACK_TIME_ZONE;

const noSubscription = () => () => undefined;
const serverZone = () => SERVER_RENDER_ZONE;

/**
 * Date labels for a screen the server renders too: in the server's zone while React takes over the
 * server's HTML (the two must be the same text), then at once in the viewer's zone. useSyncExternalStore
 * is React's way to render one value on the server and during hydration and another after.
 */
export function useDateLabels(): DateLabels {
  return dateLabelsIn(useSyncExternalStore(noSubscription, viewerTimeZone, serverZone));
}
