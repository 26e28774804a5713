import type { Project } from '@circuit/shared/api/projects';
import type { User } from '@circuit/shared/api/users';
import { fullName } from '../users/types';
import { absoluteImageUrl, externalUrl, filled, profilePath, titleOf, urlOf, type JsonLd, type PageHead, type Site } from './pageHead';
import { cutAtWord, plainText } from './plainText';

/** How many skills the description names before the bio's room runs out anyway. */
const SKILLS_NAMED = 5;
const BIO_MAX = 500;

const sentence = (text: string) => (!text || /[.!?…]$/.test(text) ? text : `${text}.`);

/** The tagline and the bio, else who they are on Circuit; then skills and projects as room allows. */
function describeProfile(user: User, name: string, projects: Project[]): string {
  const about = [user.tagline.trim(), plainText(user.bio)].filter(Boolean).map(sentence).join(' ');
  const skills = user.skills.length ? `Skills: ${user.skills.slice(0, SKILLS_NAMED).join(', ')}.` : '';
  const built = projects.length ? `Projects: ${projects.map((p) => p.title.trim()).filter(Boolean).join(', ')}.` : '';
  return cutAtWord([about || `${name} (@${user.username}) on Circuit.`, skills, built].filter(Boolean).join(' '));
}

/** The addresses the profile links to (GitHub, LinkedIn, Twitter, website): the same person elsewhere. */
function sameAsOf(user: User): string[] {
  const links = [user.socialLinks.github, user.socialLinks.linkedin, user.socialLinks.twitter, user.website].map(externalUrl);
  return links.filter((link): link is string => Boolean(link));
}

function projectNode(site: Site, project: Project): JsonLd {
  const url = externalUrl(project.liveUrl) ?? externalUrl(project.githubUrl);
  const image = absoluteImageUrl(site, project.image);
  const description = cutAtWord(plainText(project.description), BIO_MAX);
  return { '@type': 'CreativeWork', name: project.title, ...filled({ description, url, image }), dateCreated: project.createdAt };
}

/*
 * Google's ProfilePage: mainEntity (a Person with a name) is required; alternateName (the handle),
 * identifier, description, image, sameAs and interactionStatistic (followers) are recommended. The
 * projects the page lists are its parts, and their count is what the person wrote.
 */
function profileJsonLd(site: Site, user: User, name: string, canonical: string, projects: Project[] | undefined): JsonLd {
  const image = absoluteImageUrl(site, user.profilePicture);
  const bio = cutAtWord(plainText(user.bio) || user.tagline, BIO_MAX);
  const sameAs = sameAsOf(user);
  const person: JsonLd = {
    '@type': 'Person',
    name,
    alternateName: user.username,
    identifier: user.id,
    url: canonical,
    ...filled({ description: bio, image }),
    ...(sameAs.length ? { sameAs } : {}),
    ...(user.skills.length ? { knowsAbout: user.skills } : {}),
    interactionStatistic: [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/FollowAction', userInteractionCount: user.followersCount }],
    ...(projects ? { agentInteractionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/WriteAction', userInteractionCount: projects.length } } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: canonical,
    dateCreated: user.createdAt,
    mainEntity: person,
    ...(projects?.length ? { hasPart: projects.map((project) => projectNode(site, project)) } : {}),
  };
}

/**
 * /in/{username} (also reached as /user/{username}): the answer of GET /api/users/username/{username} and,
 * when the page has them, the user's projects (GET /api/users/projects?username=).
 */
export function headOfProfile(user: User, site: Site, projects?: Project[]): PageHead {
  const name = fullName(user);
  const canonical = urlOf(site, profilePath(user.username));
  const avatar = absoluteImageUrl(site, user.profilePicture);
  return {
    title: titleOf(`${name} (@${user.username})`, site),
    description: describeProfile(user, name, projects ?? []),
    canonical,
    siteName: site.name,
    ...(avatar ? { image: { url: avatar, alt: name } } : {}),
    ogType: 'profile',
    // An avatar is square and small: the small card shows it whole where the large one would crop it.
    twitterCard: 'summary',
    profile: { firstName: user.firstName, lastName: user.lastName, username: user.username },
    jsonLd: [profileJsonLd(site, user, name, canonical, projects)],
    ...(user.isActive ? {} : { noindex: true }),
  };
}
