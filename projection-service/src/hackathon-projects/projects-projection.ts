import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HACKATHON_JUDGING_EVENT_TYPES } from '@circuit/shared/events/hackathon-judging';
import { HACKATHON_PROJECT_EVENT_TYPES } from '@circuit/shared/events/hackathon-projects';
import { HACKATHON_PROJECT_REACTION_EVENT_TYPES } from '@circuit/shared/events/hackathon-project-reactions';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import { isKnownEventType, parseEventData, type DomainEvent } from '@circuit/shared/events/catalogue';
import type { Projection } from '../runner/projection';
import { applyReactions, REACTION_TABLES, type ReactionEvent } from './reactions-rows';
import { evolveJudgingView, evolveProjectRow, noJudgingView, versionRowsOf, type JudgingView, type ProjectRow } from './project-rows';

/**
 * Hackathon projects (one row per entrant: draft, every submission, withdrawn; and each submission's
 * card as a row of hackathon_project_versions, which the gallery searches) and the judging
 * setup (one row per hackathon, the stream folded into JSON), and the projects' likes, saves and
 * comments (reactions-rows.ts): one projection, so the gallery's cached answer moves with its counts. A batch reads the rows its events
 * touch, folds the events into them in feed order and writes them back: few rows per hackathon,
 * and each fold is the same pure function a rebuild runs.
 */
const JUDGING = new Set<string>(HACKATHON_JUDGING_EVENT_TYPES);
const PROJECT = new Set<string>(HACKATHON_PROJECT_EVENT_TYPES);
const REACTION = new Set<string>(HACKATHON_PROJECT_REACTION_EVENT_TYPES);

type JudgingEvent = DomainEvent<(typeof HACKATHON_JUDGING_EVENT_TYPES)[number]>;
type ProjectEvent = DomainEvent<(typeof HACKATHON_PROJECT_EVENT_TYPES)[number]>;

const typed = <E>(event: RecordedEvent): E => (isKnownEventType(event.type) ? { type: event.type, data: parseEventData(event.type, event.data) } : event) as E;
const projectKey = (hackathonId: string, projectId: string) => JSON.stringify([hackathonId, projectId]);

async function applyJudging(trx: Knex.Transaction, events: JudgingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => e.data.hackathonId))];
  const rows = (await trx('hackathon_judging').whereIn('hackathon_id', ids).select('hackathon_id', 'state')) as { hackathon_id: string; state: JudgingView }[];
  const states = new Map(rows.map((r) => [r.hackathon_id, r.state]));
  for (const event of events) states.set(event.data.hackathonId, evolveJudgingView(states.get(event.data.hackathonId) ?? noJudgingView(), event));
  const upserts = [...states].map(([hackathon_id, state]) => ({ hackathon_id, state: JSON.stringify(state) }));
  await trx('hackathon_judging').insert(upserts).onConflict('hackathon_id').merge();
}

async function applyProjects(trx: Knex.Transaction, events: ProjectEvent[]): Promise<void> {
  if (events.length === 0) return;
  const keys = [...new Map(events.map((e) => [projectKey(e.data.hackathonId, e.data.projectId), [e.data.hackathonId, e.data.projectId] as const])).values()];
  const found = (await trx('hackathon_projects').whereIn(['hackathon_id', 'project_id'], keys.map((k) => [...k])).select('*')) as ProjectRow[];
  const rows = new Map(found.map((r) => [projectKey(r.hackathon_id, r.project_id), r]));
  // The submissions each project had before the batch: those after them are new version rows.
  const before = new Map(found.map((r) => [projectKey(r.hackathon_id, r.project_id), r.submissions.length]));
  for (const event of events) {
    const key = projectKey(event.data.hackathonId, event.data.projectId);
    rows.set(key, evolveProjectRow(rows.get(key), event));
  }
  const upserts = [...rows.values()].map((r) => ({ ...r, draft: r.draft === null ? null : JSON.stringify(r.draft), submissions: JSON.stringify(r.submissions) }));
  await trx('hackathon_projects').insert(upserts).onConflict(['hackathon_id', 'project_id']).merge();
  const versions = [...rows].flatMap(([key, row]) => versionRowsOf(row).slice(before.get(key) ?? 0));
  if (versions.length > 0) await trx('hackathon_project_versions').insert(versions).onConflict(['hackathon_id', 'project_id', 'seq']).merge();
}

export const hackathonProjectsProjection: Projection = {
  name: 'hackathon-projects',
  tables: ['hackathon_judging', 'hackathon_projects', 'hackathon_project_versions', ...REACTION_TABLES],
  eventTypes: [...HACKATHON_JUDGING_EVENT_TYPES, ...HACKATHON_PROJECT_EVENT_TYPES, ...HACKATHON_PROJECT_REACTION_EVENT_TYPES, 'HackathonDeleted'],
  async applyBatch(trx, events) {
    await applyJudging(trx, events.filter((e) => JUDGING.has(e.type)).map((e) => typed<JudgingEvent>(e)));
    await applyProjects(trx, events.filter((e) => PROJECT.has(e.type)).map((e) => typed<ProjectEvent>(e)));
    await applyReactions(trx, events.filter((e) => REACTION.has(e.type)).map((e) => typed<ReactionEvent>(e)));
    const deleted = events.filter((e) => e.type === 'HackathonDeleted').map((e) => HackathonEventSchemas.HackathonDeleted.parse(e.data).hackathonId);
    if (deleted.length === 0) return;
    await trx('hackathon_judging').whereIn('hackathon_id', deleted).del();
    await trx('hackathon_projects').whereIn('hackathon_id', deleted).del();
    for (const table of ['hackathon_project_versions', ...REACTION_TABLES]) await trx(table).whereIn('hackathon_id', deleted).del();
  },
};
