import { describe, expect, it } from 'vitest';
import { projectAnswer, site, userAnswer } from './answerFixtures';
import { headOfProfile } from './profileHead';

describe('headOfProfile', () => {
  const canonical = 'https://circuit.example/in/asha.rao';

  it('titles the page as the app does and points at /in/{username}', () => {
    const head = headOfProfile(userAnswer(), site);
    expect(head.title).toBe('Asha Rao (@asha.rao) · Circuit');
    expect(head.canonical).toBe(canonical);
    expect(head.ogType).toBe('profile');
    expect(head.profile).toEqual({ firstName: 'Asha', lastName: 'Rao', username: 'asha.rao' });
  });

  it('describes the person by tagline, bio without its markup, skills and projects', () => {
    expect(headOfProfile(userAnswer(), site, [projectAnswer()]).description).toBe(
      'Building tools for farmers. Final-year CS student who likes maps & open data. Skills: TypeScript, React, PostGIS. Projects: Mandi Prices.',
    );
  });

  it('says who they are on Circuit when they wrote nothing about themselves', () => {
    expect(headOfProfile(userAnswer({ tagline: '', bio: '', skills: [] }), site).description).toBe('Asha Rao (@asha.rao) on Circuit.');
  });

  it('shows the avatar on a small card, and no image without one', () => {
    const head = headOfProfile(userAnswer(), site);
    expect(head.image).toEqual({ url: 'https://circuit.example/uploads/profile-pictures/7d1c.webp', alt: 'Asha Rao' });
    expect(head.twitterCard).toBe('summary');
    expect(headOfProfile(userAnswer({ profilePicture: null }), site).image).toBeUndefined();
  });

  it('is a ProfilePage whose Person has the handle, the bio, the avatar and the links that are addresses', () => {
    const [node] = headOfProfile(userAnswer(), site, [projectAnswer()]).jsonLd;
    expect(node).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: canonical,
      dateCreated: '2025-08-01T12:00:00.000Z',
      mainEntity: {
        '@type': 'Person',
        name: 'Asha Rao',
        alternateName: 'asha.rao',
        identifier: '6650a1f2c3d4e5f6a7b8c9aa',
        url: canonical,
        description: 'Final-year CS student who likes maps & open data.',
        image: 'https://circuit.example/uploads/profile-pictures/7d1c.webp',
        // '@asharao' is a handle, not an address: left out rather than guessed.
        sameAs: ['https://github.com/asharao', 'https://linkedin.com/in/asharao', 'https://asharao.dev'],
        knowsAbout: ['TypeScript', 'React', 'PostGIS'],
        interactionStatistic: [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/FollowAction', userInteractionCount: 84 }],
        agentInteractionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/WriteAction', userInteractionCount: 1 },
      },
      hasPart: [
        {
          '@type': 'CreativeWork',
          name: 'Mandi Prices',
          description: 'Daily crop prices from 3,000 markets, on a map.',
          url: 'https://github.com/asharao/mandi-prices',
          image: 'https://circuit.example/uploads/projects/mandi.png',
          dateCreated: '2026-03-10T10:00:00.000Z',
        },
      ],
    });
  });

  it('leaves out what the profile does not have', () => {
    const bare = userAnswer({ bio: '', tagline: '', profilePicture: null, website: '', socialLinks: {}, skills: [] });
    const person = headOfProfile(bare, site).jsonLd[0]?.mainEntity;
    expect(person).not.toHaveProperty('description');
    expect(person).not.toHaveProperty('image');
    expect(person).not.toHaveProperty('sameAs');
    expect(person).not.toHaveProperty('knowsAbout');
    expect(person).not.toHaveProperty('agentInteractionStatistic');
  });

  it('keeps a deactivated account out of the index', () => {
    expect(headOfProfile(userAnswer({ isActive: false }), site).noindex).toBe(true);
  });
});
