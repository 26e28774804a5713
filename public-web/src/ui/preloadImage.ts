/**
 * Starts downloading an image the screen about to render shows as its largest paint, at high priority,
 * so it is there (or on its way) when its <img> appears. Nothing for an empty source or one already asked for.
 */
export function preloadImage(src: string | undefined): void {
  if (!src || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(src)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
}
