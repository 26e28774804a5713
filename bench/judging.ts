/**
 * `npm run bench:judging -- [--projects 1000] [--judges 50] [--scores 10000] [--runs 7] [--connections 50] [--seconds 5] [--gallery-runs 3]`
 *
 * Issue 34's two figures:
 * 1. The ranking: `--scores` score events (given and corrected) of `--judges` judges on `--projects` projects, folded
 *    to the current scores and ranked under all three normalisations (raw, per-judge z-score, trimmed mean), per
 *    track and overall, side by side (what GET /judging/rankings computes), in this process. Median of `--runs`;
 *    target under 1 s. Beside it the fold alone, the floor any ranking pays to read the events.
 * 2. The gallery: GET /api/hackathons/{id}/projects (anonymous, gallery open) on the app on Postgres with
 *    `--projects` submitted projects, at `--connections` keep-alive connections, against a plain express app serving
 *    the very same bytes from memory (bench/plain-server.ts); p99 target under 25 ms, the ratio printed.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { selectEventStore } from '@circuit/shared/adapters/select';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { loadConfig } from '@circuit/shared/config';
import { createKnex } from '@circuit/shared/db/knex';
import { hackathonJudgingStream, type JudgingSetup } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import type { ScoreEventData } from '@circuit/shared/events/hackathon-scoring';
import { compareRankings, type JudgeScore, type RankingInput } from '@circuit/shared/judging/ranking';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { appendListedHackathon } from '../command-service/src/hackathon-registrations/hackathon-fixtures';
import { random } from '../projection-service/src/runner/mixed-feed.testkit';
import { ROOT, freePort, processCpuMs, startServer, waitForQuietFeed, waitReady } from './app';
import { httpLoad } from './http-load';
import { fmt, intArg, median, medianOf, table, type Measure } from './lib';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '1000' },
    judges: { type: 'string', default: '50' },
    scores: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '7' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    'gallery-runs': { type: 'string', default: '3' },
  },
});
const PROJECTS = intArg(values.projects, 1000);
const JUDGES = intArg(values.judges, 50);
const SCORES = intArg(values.scores, 10_000);
const RUNS = intArg(values.runs, 7);
const CONNECTIONS = intArg(values.connections, 50);
const SECONDS = intArg(values.seconds, 5);
const GALLERY_RUNS = intArg(values['gallery-runs'], 3);

const TRACKS = ['ai', 'web', 'health', 'climate', 'fintech'];
const CRITERIA: JudgingSetup['criteria'] = [
  { id: 'impact', name: 'Impact', description: '', weight: 3, scale: 10 },
  { id: 'craft', name: 'Execution', description: '', weight: 2, scale: 10 },
  { id: 'design', name: 'Design', description: '', weight: 1, scale: 5 },
  { id: 'pitch', name: 'Pitch', description: '', weight: 1, scale: 5 },
];

const projectIdOf = (i: number) => `project-${String(i).padStart(5, '0')}`;
const judgeIdOf = (j: number) => `judge-${String(j).padStart(3, '0')}`;
const tracksOf = (i: number) => [TRACKS[i % TRACKS.length]!, ...(i % 3 === 0 ? [TRACKS[(i + 2) % TRACKS.length]!] : [])];

/**
 * `count` score events: nine in ten first scores, one in ten corrections of an earlier one. Each
 * judge has a bias (harsh to generous) on top of a project's own quality, which is what the
 * normalisations exist for. Judge-project pairs spread judges evenly over the projects.
 */
function scoreEvents(count: number): ScoreEventData[] {
  const next = random(34);
  const quality = Array.from({ length: PROJECTS }, () => next());
  const bias = Array.from({ length: JUDGES }, () => (next() - 0.5) * 0.4);
  const events: ScoreEventData[] = [];
  const current = new Map<string, number>();
  const given = Math.ceil(count * 0.9);
  for (let n = 0; events.length < given; n++) {
    const pair = Math.floor(n / CRITERIA.length);
    const criterion = CRITERIA[n % CRITERIA.length]!;
    const project = pair % PROJECTS;
    const judge = (pair * 7 + Math.floor(pair / PROJECTS) * 13) % JUDGES;
    const unit = Math.min(1, Math.max(0, quality[project]! + bias[judge]! + (next() - 0.5) * 0.2));
    const value = 1 + Math.round(unit * (criterion.scale - 1));
    const key = `${judge}/${project}/${criterion.id}`;
    current.set(key, value);
    events.push({ hackathonId: 'bench', judgeUserId: judgeIdOf(judge), projectId: projectIdOf(project), criterionId: criterion.id, oldValue: null, newValue: value, at: new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString() });
  }
  while (events.length < count) {
    const earlier = events[Math.floor(next() * given)]!;
    const scale = CRITERIA.find((c) => c.id === earlier.criterionId)!.scale;
    const key = `${earlier.judgeUserId}/${earlier.projectId}/${earlier.criterionId}`;
    const oldValue = current.get(key) ?? earlier.newValue;
    const newValue = 1 + ((oldValue + Math.floor(next() * (scale - 1))) % scale);
    current.set(key, newValue);
    events.push({ ...earlier, oldValue, newValue, at: new Date(Date.UTC(2030, 0, 2, 0, 0, events.length)).toISOString() });
  }
  return events;
}

/** The current scores from the events, as the read model (or the replay) holds them. */
function fold(events: readonly ScoreEventData[]): JudgeScore[] {
  const current = new Map<string, JudgeScore>();
  for (const e of events) current.set(`${e.judgeUserId}/${e.projectId}/${e.criterionId}`, { judgeUserId: e.judgeUserId, projectId: e.projectId, criterionId: e.criterionId, value: e.newValue });
  return [...current.values()];
}

function benchRanking(): { ranking: number[]; foldOnly: number[]; scores: number } {
  const events = scoreEvents(SCORES);
  const projects = Array.from({ length: PROJECTS }, (_, i) => ({ projectId: projectIdOf(i), title: `Project ${i}`, trackIds: tracksOf(i) }));
  const base: Omit<RankingInput, 'scores'> = { criteria: CRITERIA, trackIds: TRACKS, projects };
  const ranking: number[] = [];
  const foldOnly: number[] = [];
  let scores = 0;
  // One unmeasured run first: the JIT's warm-up is not what an organiser waits for on a busy server.
  compareRankings({ ...base, scores: fold(events) });
  for (let r = 0; r < RUNS; r++) {
    let t = performance.now();
    const current = fold(events);
    foldOnly.push(performance.now() - t);
    t = performance.now();
    const ranked = compareRankings({ ...base, scores: fold(events) });
    ranking.push(performance.now() - t);
    scores = current.length;
    if (ranked[0]!.rows.length !== PROJECTS) throw new Error('the ranking lost projects');
  }
  return { ranking, foldOnly, scores };
}

/** A hackathon with its gallery open and `PROJECTS` submitted projects, appended as the commands record them. */
async function seedGallery(store: EventStore): Promise<string> {
  const now = new Date();
  const { hackathonId } = await appendListedHackathon(store, { createdBy: 'bench-organiser', minMembers: 1, now });
  const at = now.toISOString();
  const setup: JudgingSetup = {
    submissionDeadline: '',
    tracks: TRACKS.map((id) => ({ id, name: id.toUpperCase(), description: '' })),
    criteria: CRITERIA,
    galleryOpen: true,
    voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
    assignment: { mode: 'all', judgesPerProject: 1, trackJudges: {} },
  };
  await store.append(hackathonJudgingStream(hackathonId), toNewEvents([{ type: 'HackathonJudgingSetupSaved', data: { hackathonId, at, byUserId: 'bench-organiser', setup } }], {}, at), 'no_stream');
  for (let from = 0; from < PROJECTS; from += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, PROJECTS - from) }, async (_, k) => {
        const i = from + k;
        const projectId = crypto.randomUUID();
        const version = {
          title: `Project ${i}`,
          tagline: `What project ${i} does, in one line`,
          description: `<p>Project ${i} solves a real problem for students.</p>`,
          builtWith: ['TypeScript', 'Postgres'],
          links: { repository: `https://github.com/example/project-${i}`, demo: '', video: '' },
          videoEmbedUrl: null,
          images: [],
          trackIds: tracksOf(i),
          fromPortfolioProjectId: null,
        };
        const data = { hackathonId, projectId, at, byUserId: projectId, entrant: 'solo', teamName: null, version, memberIds: [projectId] };
        await store.append(hackathonProjectStream(hackathonId, projectId), toNewEvents([{ type: 'HackathonProjectSubmitted', data }], {}, at), 'no_stream');
      }),
    );
  }
  return hackathonId;
}

async function benchGallery(): Promise<{ app: Measure; plain: Measure; cpu: Record<'app' | 'plain', number>; bytes: number; path: string }> {
  const server = await startServer({ database: 'postgres' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'circuit-bench-judging-'));
  const knex = await createKnex({ kind: 'postgres', url: server.databaseUrl!, poolMax: 4 });
  let plain: ReturnType<typeof spawn> | undefined;
  let store: EventStore | undefined;
  try {
    store = await selectEventStore(loadConfig({ ...process.env, DATABASE_URL: server.databaseUrl!, LOG_LEVEL: 'warn' }), knex);
    console.error(`seeding ${PROJECTS} projects...`);
    const hackathonId = await seedGallery(store);
    const galleryPath = `/api/hackathons/${hackathonId}/projects`;
    // The app's projections follow the feed: wait until the whole gallery is there.
    for (let t = 0; ; t++) {
      const res = await fetch(`${server.base}${galleryPath}`);
      const total = res.ok ? ((await res.json()) as { data: { total: number } }).data.total : -1;
      if (total >= PROJECTS) break;
      if (t > 600) throw new Error(`only ${total} of ${PROJECTS} projects in the gallery after 5 minutes (status ${res.status})`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await waitForQuietFeed(server);
    const res = await fetch(`${server.base}${galleryPath}`);
    const body = Buffer.from(await res.arrayBuffer());
    const file = path.join(tmp, 'answers.json');
    fs.writeFileSync(file, JSON.stringify({ [galleryPath]: { body: body.toString('base64'), contentType: res.headers.get('content-type') ?? 'application/json' } }));
    const plainPort = await freePort();
    plain = spawn(process.execPath, ['--import', 'tsx', 'bench/plain-server.ts', file, String(plainPort)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const plainBase = `http://127.0.0.1:${plainPort}`;
    await waitReady(`${plainBase}/readyz`);

    const results: Record<'app' | 'plain', Measure[]> = { app: [], plain: [] };
    // CPU per request of each server (/proc): on a shared machine it moves far less than latency and throughput.
    const cpu: Record<'app' | 'plain', number[]> = { app: [], plain: [] };
    for (let r = 1; r <= GALLERY_RUNS; r++) {
      for (const [side, base, pid] of [['app', server.base, server.child.pid], ['plain', plainBase, plain.pid]] as const) {
        const before = processCpuMs(pid) ?? NaN;
        const m = await httpLoad(`${base}${galleryPath}`, CONNECTIONS, SECONDS);
        const us = (((processCpuMs(pid) ?? NaN) - before) * 1000) / m.count;
        console.error(`run ${r}, ${side}: ${fmt(m.rate, 0)} requests/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, CPU ${fmt(us, 0)} µs/request, errors ${m.errors}`);
        results[side].push(m);
        cpu[side].push(us);
      }
    }
    return { app: medianOf(results.app), plain: medianOf(results.plain), cpu: { app: median(cpu.app), plain: median(cpu.plain) }, bytes: body.length, path: galleryPath };
  } finally {
    plain?.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
    // The store's feed listener would keep the process alive after the table.
    await store?.close();
    await knex.destroy();
    await server.stop();
  }
}

console.error(`ranking ${SCORES} score events of ${JUDGES} judges on ${PROJECTS} projects, ${RUNS} runs...`);
const ranked = benchRanking();
console.log(`\nRanking: ${SCORES} score events (${ranked.scores} current scores) of ${JUDGES} judges on ${PROJECTS} projects in ${TRACKS.length} tracks, ${CRITERIA.length} criteria; raw, z-score and trimmed side by side, overall and per track; median (min) of ${RUNS} runs:\n`);
table(
  ['', 'ms', 'target'],
  [
    ['fold and rank, all three normalisations', `${fmt(median(ranked.ranking))} (${fmt(Math.min(...ranked.ranking))})`, '< 1000'],
    ['fold the events only (the floor)', `${fmt(median(ranked.foldOnly))} (${fmt(Math.min(...ranked.foldOnly))})`, ''],
  ],
);

const gallery = await benchGallery();
console.log(`\nGET ${gallery.path.replace(/[0-9a-f-]{36}/, '{id}')} (${PROJECTS} projects, ${fmt(gallery.bytes / 1024, 0)} KB), anonymous, Postgres, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run, median of ${GALLERY_RUNS} runs:\n`);
table(
  ['', 'requests/s', 'p50 / p99 ms', 'CPU µs/request', 'target'],
  [
    ['app', fmt(gallery.app.rate, 0), `${fmt(gallery.app.p50)} / ${fmt(gallery.app.p99)}`, fmt(gallery.cpu.app, 0), 'p99 < 25 ms'],
    ['plain express, same bytes', fmt(gallery.plain.rate, 0), `${fmt(gallery.plain.p50)} / ${fmt(gallery.plain.p99)}`, fmt(gallery.cpu.plain, 0), ''],
    ['app / plain', `${fmt((100 * gallery.app.rate) / gallery.plain.rate, 0)} %`, `p99 x ${fmt(gallery.app.p99 / gallery.plain.p99)}`, `x ${fmt(gallery.cpu.app / gallery.cpu.plain, 2)}`, ''],
  ],
);
