import type { Plugin } from 'vite';

interface EmittedFile {
  type: 'chunk' | 'asset';
  fileName: string;
  source?: string | Uint8Array;
}

/**
 * index.html links one stylesheet, which blocks the first paint and, since module scripts wait for pending
 * stylesheets, arrives together with the app's code: the header painted by index.html came only after the app
 * had run. Written into the page instead (11 KB compressed, the page's style-src allows inline styles), the
 * header paints as soon as the HTML is parsed and the app's code no longer sits in front of the first paint.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'circuit-inline-stylesheet',
    // The server bundle (vite build --ssr) has no index.html or early.js to write into.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const file = bundle[fileName] as EmittedFile | undefined;
          if (file?.type !== 'asset' || file.source === undefined) return link;
          const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
          // A stylesheet cannot end the <style> element early unless it contains "</style", which CSS never needs.
          if (/<\/style/i.test(css)) return link;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
