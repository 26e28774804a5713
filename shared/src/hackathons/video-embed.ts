/**
 * The player address of a YouTube or Vimeo link, for an <iframe>; null for any other link.
 * Only the id is taken from the link, so nothing the author typed reaches the embed but it.
 */
const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youTubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' ? (id ?? null) : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'player.vimeo.com') return url.pathname.match(/^\/video\/(\d+)/)?.[1] ?? null;
  if (host !== 'vimeo.com') return null;
  return url.pathname.match(/^\/(?:channels\/[\w-]+\/)?(\d+)/)?.[1] ?? null;
}

export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const youTube = youTubeId(url);
  if (youTube && YOUTUBE_ID.test(youTube)) return `https://www.youtube-nocookie.com/embed/${youTube}`;
  const vimeo = vimeoId(url);
  if (vimeo && VIMEO_ID.test(vimeo)) return `https://player.vimeo.com/video/${vimeo}`;
  return null;
}
