import { describe, expect, it } from 'vitest';
import { site } from './answerFixtures';
import { headOfHackathonProject, headOfProjectGallery } from './hackathonProjectHeads';

const hackathon = { _id: 'h1', username: 'code-for-farmers', title: 'Code for Farmers 2026' };
const card = { url: 'https://circuit.example/og/hackathons/code-for-farmers.png', alt: 'Code for Farmers 2026', width: 1200, height: 630 };

describe('the heads of hackathon projects', () => {
  it('titles the gallery, counts its projects and shows the hackathon’s card', () => {
    const head = headOfProjectGallery({ hackathon, total: 12, galleryOpen: true }, site);
    expect(head.title).toBe('Projects · Code for Farmers 2026 · Circuit');
    expect(head.canonical).toBe('https://circuit.example/hackathons/code-for-farmers/projects');
    expect(head.description).toBe('12 projects built at Code for Farmers 2026: the teams’ demos, videos, code and the winners.'.replace('’', "'"));
    expect(head.image).toEqual(card);
    expect(headOfProjectGallery({ hackathon, total: 0, galleryOpen: false }, site).description).toMatch(/once the organisers open the gallery/);
  });

  it('titles a project with its hackathon, describes it by its tagline, and pictures its first image', () => {
    const project = { id: 'team-1', title: 'Mandi Prices', tagline: 'Today’s prices at the nearest markets', image: '/uploads/mandi.webp', teamName: 'Kisan Kode', hackathon };
    const head = headOfHackathonProject(project, site);
    expect(head.title).toBe('Mandi Prices · Code for Farmers 2026 · Circuit');
    expect(head.canonical).toBe('https://circuit.example/hackathons/code-for-farmers/projects/team-1');
    expect(head.description).toBe('Today’s prices at the nearest markets');
    expect(head.image).toEqual({ url: 'https://circuit.example/uploads/mandi.webp', alt: 'Mandi Prices' });
  });

  it('falls back to a sentence and the hackathon’s card', () => {
    const head = headOfHackathonProject({ id: 'u1', title: 'Soil Lens', tagline: '', image: null, teamName: null, hackathon }, site);
    expect(head.description).toBe('Soil Lens, a project built at Code for Farmers 2026.');
    expect(head.image).toEqual(card);
  });
});
