import { describe, expect, it } from 'vitest';
import { site } from './answerFixtures';
import { siteAt } from './pageHead';
import { headOfHome, headOfInfoPage, headOfList, headOfNotFound, headOfSignIn, type InfoPage, type ListKind } from './siteHeads';

describe('headOfHome', () => {
  it("keeps public-web/index.html's title and describes the site as a WebSite", () => {
    const head = headOfHome(site);
    expect(head.title).toBe('Circuit — hackathons, events and quizzes for student developers');
    expect(head.canonical).toBe('https://circuit.example/');
    expect(head.jsonLd).toEqual([{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Circuit', url: 'https://circuit.example/', description: head.description }]);
  });
});

describe('headOfList', () => {
  it.each<[ListKind, string]>([
    ['hackathons', 'Hackathons · Circuit'],
    ['events', 'Events · Circuit'],
    ['quizzes', 'Quizzes · Circuit'],
  ])('titles /%s as the page does and marks it a CollectionPage', (kind, title) => {
    const head = headOfList(kind, site);
    expect(head.title).toBe(title);
    expect(head.canonical).toBe(`https://circuit.example/${kind}`);
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'CollectionPage', url: head.canonical, isPartOf: { '@type': 'WebSite', url: 'https://circuit.example/' } });
    expect(head.description.length).toBeLessThanOrEqual(160);
  });
});

describe('headOfSignIn', () => {
  it('titles /login and keeps it findable, with a description that fits a result', () => {
    const head = headOfSignIn(site);
    expect(head.title).toBe('Sign in · Circuit');
    expect(head.canonical).toBe('https://circuit.example/login');
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.noindex).toBeUndefined();
  });
});

describe('headOfInfoPage', () => {
  it.each<[InfoPage, string]>([
    ['about', 'About Circuit · Circuit'],
    ['help', 'Help · Circuit'],
    ['contact', 'Contact · Circuit'],
    ['terms', 'Terms of Service · Circuit'],
    ['privacy', 'Privacy Policy · Circuit'],
  ])('titles /%s as its page does, with a description that fits a result', (page, title) => {
    const head = headOfInfoPage(page, site);
    expect(head.title).toBe(title);
    expect(head.canonical).toBe(`https://circuit.example/${page}`);
    expect(head.description.length).toBeGreaterThan(50);
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.noindex).toBeUndefined();
  });
});

describe('headOfNotFound', () => {
  it('is never indexed', () => {
    const head = headOfNotFound(site);
    expect(head.title).toBe('Page not found · Circuit');
    expect(head.noindex).toBe(true);
  });
});

describe('siteAt', () => {
  it('drops the trailing slash of the origin', () => {
    expect(siteAt('https://circuit.example/')).toEqual({ origin: 'https://circuit.example', name: 'Circuit', timeZone: 'Asia/Kolkata' });
    expect(headOfList('events', siteAt('https://circuit.example//')).canonical).toBe('https://circuit.example/events');
  });
});
