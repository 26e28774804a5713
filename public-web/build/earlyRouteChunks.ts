import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The screens public/early.js starts: the source module of each, by the name early.js looks it up with. */
const EARLY_SCREENS = {
  home: 'src/home/HomePage.tsx',
  list: 'src/hackathons/HackathonsPage.tsx',
  detail: 'src/hackathons/HackathonDetailPage.tsx',
  login: 'src/auth/LoginPage.tsx',
} as const;

/** The line of public/early.js this plugin replaces in the build; in development it stays empty. */
export const ROUTE_CHUNKS_PLACEHOLDER = 'var ROUTE_CHUNKS = {};';

interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  /** Every module in the chunk (a screen's chunk may have no facade when its module is only imported lazily). */
  moduleIds?: string[];
  imports?: string[];
}

/**
 * A lazily loaded screen's code is requested only once the app's own code has arrived and run, a second
 * wave on a slow phone network. This writes into the built early.js, which starts with the HTML, the files
 * of the screens it knows (each screen's chunk and what it imports, minus what index.html already preloads)
 * so early.js can preload them beside the app's code. The names are fingerprinted, hence written at build.
 */
export function earlyRouteChunks(): Plugin {
  let chunks: Record<string, string[]> = {};
  let outDir = 'dist';
  return {
    name: 'circuit-early-route-chunks',
    // The server bundle (vite build --ssr) has no index.html or early.js to write into.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const all = Object.values(bundle) as ChunkInfo[];
      const byFile = new Map(all.map((c) => [c.fileName, c]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      const preloadedByHtml = new Set<string>();
      for (const c of all) if (c.type === 'chunk' && c.isEntry) closure(c.fileName, preloadedByHtml);
      chunks = {};
      for (const [name, module] of Object.entries(EARLY_SCREENS)) {
        const isModule = (id: string | null | undefined) => Boolean(id?.replaceAll('\\', '/').endsWith(module));
        const screen = all.find((c) => c.type === 'chunk' && (isModule(c.facadeModuleId) || (c.moduleIds ?? []).some(isModule)));
        if (!screen) this.error(`early route chunks: no chunk for ${module}`);
        chunks[name] = [...closure(screen.fileName)].filter((f) => !preloadedByHtml.has(f)).map((f) => `/${f}`);
      }
    },
    // public/ is copied into the build before this hook runs.
    writeBundle() {
      const file = path.join(outDir, 'early.js');
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes(ROUTE_CHUNKS_PLACEHOLDER)) this.error(`early route chunks: ${ROUTE_CHUNKS_PLACEHOLDER} not found in early.js`);
      fs.writeFileSync(file, source.replace(ROUTE_CHUNKS_PLACEHOLDER, `var ROUTE_CHUNKS = ${JSON.stringify(chunks)};`));
    },
  };
}
