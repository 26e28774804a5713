import { titleOf, urlOf, type PageHead, type Site } from './pageHead';

/*
 * The heads of the pages that fetch nothing of their own: home, the three lists, the five info pages and
 * not found. Their titles are those the pages give document.title; descriptions say what each page holds.
 */

/** public-web/index.html's title and description: what the home page has always said. */
const HOME_TITLE = 'hackathons, events and quizzes for student developers';
const HOME_DESCRIPTION = 'Circuit is where student developers discover and join hackathons, events and quizzes, host their own, and connect with each other.';

export type ListKind = 'hackathons' | 'events' | 'quizzes';

const LISTS: Record<ListKind, { title: string; description: string }> = {
  hackathons: {
    title: 'Hackathons',
    description: 'Find a hackathon, form a team and build something that matters: online and in-person hackathons for student developers, free and paid.',
  },
  events: {
    title: 'Events',
    description: 'Conferences, workshops, meetups and fests near you and online: events for student developers, with registration on Circuit.',
  },
  quizzes: {
    title: 'Quizzes',
    description: 'Test what you know against the clock and climb the leaderboard: timed online quizzes on technology, science, business and more.',
  },
};

export type InfoPage = 'about' | 'help' | 'contact' | 'terms' | 'privacy';

const INFO: Record<InfoPage, { title: string; description: string }> = {
  about: {
    title: 'About Circuit',
    description: 'Circuit is where student developers find hackathons, events and quizzes, and the people to build with. Organisers’ listings are reviewed before they go live.',
  },
  help: {
    title: 'Help',
    description: 'Answers to what new members ask most: verification codes, forgotten passwords, messaging someone, and blocking or reporting a user.',
  },
  contact: {
    title: 'Contact',
    description: 'Questions, problems with your account, or a listing you want reviewed: write to the Circuit team, we read every message.',
  },
  terms: {
    title: 'Terms of Service',
    description: 'The terms of using Circuit: your account, what Circuit keeps and why, acceptable use, your content, and what organisers are responsible for.',
  },
  privacy: {
    title: 'Privacy Policy',
    description: 'What Circuit stores about you, who can see it and why, the one session cookie it sets, and how to have your account and data removed.',
  },
};

/** The parts every one of these heads has in common. */
function plainHead(site: Site, title: string, description: string, path: string): PageHead {
  return { title, description, canonical: urlOf(site, path), siteName: site.name, ogType: 'website', twitterCard: 'summary', jsonLd: [] };
}

/** /: the title of public-web/index.html, and the site itself as a WebSite. */
export function headOfHome(site: Site): PageHead {
  const head = plainHead(site, `${site.name} — ${HOME_TITLE}`, HOME_DESCRIPTION, '/');
  return { ...head, jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: head.canonical, description: HOME_DESCRIPTION }] };
}

/** /hackathons, /events and /quizzes, unfiltered (a filtered list's canonical is the list itself). */
export function headOfList(kind: ListKind, site: Site): PageHead {
  const { title, description } = LISTS[kind];
  const head = plainHead(site, titleOf(title, site), description, `/${kind}`);
  const collection = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: title,
    description,
    url: head.canonical,
    isPartOf: { '@type': 'WebSite', name: site.name, url: urlOf(site, '/') },
  };
  return { ...head, jsonLd: [collection] };
}

/** /about, /help, /contact, /terms and /privacy. */
export function headOfInfoPage(page: InfoPage, site: Site): PageHead {
  const { title, description } = INFO[page];
  return plainHead(site, titleOf(title, site), description, `/${page}`);
}

/** /login: the one signed-out form rendered on the server, so that its page shows before its code. */
export function headOfSignIn(site: Site): PageHead {
  return plainHead(
    site,
    titleOf('Sign in', site),
    'Sign in to Circuit to register for hackathons, events and quizzes, follow and message other developers, and manage what you host.',
    '/login',
  );
}

/** /404 and every unknown path: never indexed. */
export function headOfNotFound(site: Site): PageHead {
  return { ...plainHead(site, titleOf('Page not found', site), 'There is no page at this address on Circuit. It may have moved, or the address may be mistyped.', '/404'), noindex: true };
}
