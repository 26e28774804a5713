import { describe, expect, it } from 'vitest';
import type { ProjectVersion } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { addTag, blankProject, bodyOf, draftDiffers, formFieldOf, formValuesOf, knownTracks, ProjectFormRules, statusLabel } from './projectForm';

const version = (over: Partial<ProjectVersion> = {}): ProjectVersion => ({
  title: 'Boat Clinic',
  tagline: 'Appointments for floating clinics',
  description: '<p>Offline first.</p>',
  builtWith: ['Flutter'],
  links: { repository: 'https://github.com/k/boat', demo: '', video: 'https://youtu.be/dQw4w9WgXcQ' },
  videoEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  images: ['/uploads/a.webp'],
  trackIds: ['health'],
  fromPortfolioProjectId: null,
  ...over,
});

describe('the project form', () => {
  it('starts from the draft, else the version submitted, else blank; read only, from the version judged', () => {
    expect(formValuesOf(undefined)).toEqual(blankProject());
    expect(formValuesOf({ draft: null, submitted: null, canEdit: true })).toEqual(blankProject());
    expect(formValuesOf({ draft: version({ title: 'Draft' }), submitted: version(), canEdit: true }).title).toBe('Draft');
    expect(formValuesOf({ draft: null, submitted: version(), canEdit: true }).title).toBe('Boat Clinic');
    expect(formValuesOf({ draft: version({ title: 'Late draft' }), submitted: version(), canEdit: false }).title).toBe('Boat Clinic');
    expect(formValuesOf({ draft: version(), submitted: null, canEdit: true })).toEqual({
      title: 'Boat Clinic',
      tagline: 'Appointments for floating clinics',
      description: '<p>Offline first.</p>',
      builtWith: ['Flutter'],
      links: { repository: 'https://github.com/k/boat', demo: '', video: 'https://youtu.be/dQw4w9WgXcQ' },
      images: ['/uploads/a.webp'],
      trackIds: ['health'],
    });
  });

  it('drops tracks the organiser has removed', () => {
    expect(knownTracks({ ...blankProject(), trackIds: ['health', 'gone'] }, ['health', 'climate']).trackIds).toEqual(['health']);
  });

  it('sends links typed without a scheme with https://, and the rest as typed but trimmed', () => {
    const body = bodyOf({ ...blankProject(), title: '  Boat  ', links: { repository: 'github.com/k/boat', demo: '', video: 'youtu.be/dQw4w9WgXcQ' } });
    expect(body.title).toBe('Boat');
    expect(body.links).toEqual({ repository: 'https://github.com/k/boat', demo: '', video: 'https://youtu.be/dQw4w9WgXcQ' });
  });

  it('checks what it sends by the server’s rules, with their messages', () => {
    const result = ProjectFormRules.safeParse({ ...blankProject(), tagline: 'x'.repeat(201), links: { repository: 'ftp://x', demo: '', video: '' }, images: Array.from({ length: 9 }, (_, i) => `/uploads/${i}.png`) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({ title: M.titleRequired, tagline: M.taglineMax, 'links.repository': M.link, images: M.imagesMax });
    const ok = ProjectFormRules.parse({ ...blankProject(), title: 'Boat', links: { repository: 'github.com/k/boat', demo: '', video: '' } });
    expect(ok.links.repository).toBe('https://github.com/k/boat');
  });

  it('adds a built-with tag once (any case), never empty, at most 30', () => {
    expect(addTag(['React'], ' react ')).toEqual(['React']);
    expect(addTag(['React'], '  ')).toEqual(['React']);
    expect(addTag(['React'], 'Go')).toEqual(['React', 'Go']);
    expect(addTag(Array.from({ length: 30 }, (_, i) => `t${i}`), 'more')).toHaveLength(30);
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(formFieldOf('title')).toBe('title');
    expect(formFieldOf('links.video')).toBe('links.video');
    expect(formFieldOf('images.3')).toBe('images');
    expect(formFieldOf('builtWith.0')).toBe('builtWith');
    expect(formFieldOf('links')).toBeNull();
    expect(formFieldOf('somethingElse')).toBeNull();
  });

  it('says where the project stands and whether the draft has unsubmitted changes', () => {
    expect(statusLabel({ status: 'none' })).toBe('Not started');
    expect(statusLabel({ status: 'submitted' })).toBe('Submitted');
    expect(draftDiffers({ draft: version(), submitted: version({ videoEmbedUrl: null }) })).toBe(false);
    expect(draftDiffers({ draft: version({ tagline: 'New' }), submitted: version() })).toBe(true);
    expect(draftDiffers({ draft: version(), submitted: null })).toBe(false);
  });
});
