import type { ProjectDetail, ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import { listingImage, listingSubpageHead } from './listingHead';
import { absoluteImageUrl, type PageHead, type Site } from './pageHead';

const hackathonPath = (username: string) => `/hackathons/${encodeURIComponent(username)}`;
/** The hackathon's picture: its generated card (the answers carry no banner). */
const hackathonCard = (hackathon: { username: string; title: string }) => ({ kind: 'hackathons' as const, key: hackathon.username, name: hackathon.title.trim() || 'Hackathon', banner: '' });

/** /hackathons/{username}/projects: from the gallery's answer. */
export function headOfProjectGallery(gallery: Pick<ProjectGallery, 'hackathon' | 'total' | 'galleryOpen'>, site: Site): PageHead {
  const name = gallery.hackathon.title.trim() || 'Hackathon';
  const count = gallery.total === 1 ? '1 project' : `${gallery.total} projects`;
  return listingSubpageHead(site, {
    title: `Projects · ${name}`,
    description: gallery.galleryOpen ? `${count} built at ${name}: the teams' demos, videos, code and the winners.` : `The projects built at ${name} appear here once the organisers open the gallery.`,
    path: `${hackathonPath(gallery.hackathon.username)}/projects`,
    image: hackathonCard(gallery.hackathon),
  });
}

/** /hackathons/{username}/projects/{projectId}: the version judged; the picture is its first image, else the hackathon's card. */
export function headOfHackathonProject(project: Pick<ProjectDetail, 'id' | 'title' | 'tagline' | 'image' | 'teamName' | 'hackathon'>, site: Site): PageHead {
  const name = project.title.trim() || 'Project';
  const by = project.teamName ? ` by ${project.teamName}` : '';
  const head = listingSubpageHead(site, {
    title: `${name} · ${project.hackathon.title.trim() || 'Hackathon'}`,
    description: project.tagline.trim() || `${name}${by}, a project built at ${project.hackathon.title}.`,
    path: `${hackathonPath(project.hackathon.username)}/projects/${encodeURIComponent(project.id)}`,
    image: hackathonCard(project.hackathon),
  });
  const own = absoluteImageUrl(site, project.image);
  return own ? { ...head, image: { url: own, alt: name } } : { ...head, image: listingImage(site, hackathonCard(project.hackathon)) };
}
