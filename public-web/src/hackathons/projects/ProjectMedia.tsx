import clsx from 'clsx';
import { useState } from 'react';

/**
 * A YouTube (youtube-nocookie.com) or Vimeo player. `src` is a player address worked out from the
 * link by shared/src/hackathons/video-embed.ts (only the video's id is taken from what was typed).
 */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-200">
      <iframe
        src={src}
        title={title}
        className="size-full"
        loading="lazy"
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** The project's images: the one chosen large, the others as thumbnails to choose from. */
export function ImageGallery({ images, title }: { images: readonly string[]; title: string }) {
  const [shown, setShown] = useState(0);
  if (images.length === 0) return null;
  const current = images[Math.min(shown, images.length - 1)]!;
  return (
    <div>
      <img src={current} alt={`${title}, image ${shown + 1} of ${images.length}`} width={1200} height={675} className="aspect-video w-full rounded-xl bg-slate-100 object-cover ring-1 ring-slate-200" />
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Images">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setShown(i)}
                aria-pressed={i === shown}
                aria-label={`Show image ${i + 1}`}
                className={clsx('block overflow-hidden rounded-lg ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500', i === shown ? 'ring-indigo-600' : 'ring-transparent hover:ring-slate-300')}
              >
                <img src={src} alt="" width={96} height={54} loading="lazy" className="h-14 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
