import { HackathonProjectEventSchemas } from '@circuit/shared/events/hackathon-projects';

const MAX_IMAGES = 8;

/**
 * The uploads a hackathon project uses: the draft's images and the submitted version's, each in a
 * slot of its own (`hackathon-project:<stream>:<draft|submitted>:<n>`), so an image dropped from the
 * draft but still in the version judged is not swept away. Slots past the images are emptied.
 */
export function hackathonProjectUploadUses(event: { type: string; data: unknown; streamId: string }): { owner: string; url: string | null }[] {
  const slots = (kind: 'draft' | 'submitted', images: readonly string[]) =>
    Array.from({ length: MAX_IMAGES }, (_, i) => ({ owner: `hackathon-project:${event.streamId}:${kind}:${i}`, url: images[i] ?? null }));
  switch (event.type) {
    case 'HackathonProjectDraftSaved':
      return slots('draft', HackathonProjectEventSchemas.HackathonProjectDraftSaved.parse(event.data).version.images);
    case 'HackathonProjectSubmitted':
      return slots('submitted', HackathonProjectEventSchemas.HackathonProjectSubmitted.parse(event.data).version.images);
    default:
      return [];
  }
}
