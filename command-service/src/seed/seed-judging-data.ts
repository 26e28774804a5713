import type { ProjectFormInput } from '@circuit/shared/validation/hackathon-judging';
import type { AssignmentMode } from '@circuit/shared/events/hackathon-judging';

/**
 * What the demo's judging holds (seed-judging.ts carries it out): a finished hackathon whose
 * winners are published, and one whose judging is under way. Of the seeded hackathons, four ended
 * (five weeks before the first start, WHEN in seed-hackathons.ts); these two are free and take
 * teams of two to four (of the other two, one holds four participants at most, one is paid).
 * People are named by username; `moderator` and `admin` stand for the seeded staff accounts,
 * whatever their configured usernames.
 */

/** Participants besides the five demo users, so each hackathon has four teams of two. Password: DEMO_PASSWORD. */
export const JUDGING_PARTICIPANTS = [
  { username: 'ishaan_data', email: 'ishaan@circuit.local', firstName: 'Ishaan', lastName: 'Gupta' },
  { username: 'meera_designs', email: 'meera@circuit.local', firstName: 'Meera', lastName: 'Joshi' },
  { username: 'tanvi_hw', email: 'tanvi@circuit.local', firstName: 'Tanvi', lastName: 'Kulkarni' },
  { username: 'zoya_ux', email: 'zoya@circuit.local', firstName: 'Zoya', lastName: 'Khan' },
  { username: 'dev_rao', email: 'dev@circuit.local', firstName: 'Dev', lastName: 'Rao' },
] as const;

export const TRACKS = [
  { key: 'ai', name: 'Best use of AI', description: 'Machine learning that does real work in the product, not a demo bolted on.' },
  { key: 'impact', name: 'Social impact', description: 'Helps people who are usually left out: rural users, low bandwidth, accessibility.' },
] as const;
export type TrackKey = (typeof TRACKS)[number]['key'];

/** Scores below are given in this order: [innovation, execution, presentation]. */
export const CRITERIA = [
  { key: 'innovation', name: 'Innovation', description: 'How new the idea is, and how well it fits the problem.', weight: 3, scale: 10 as const },
  { key: 'execution', name: 'Technical execution', description: 'Does it work end to end? Code quality, architecture, the demo holding up.', weight: 2, scale: 10 as const },
  { key: 'presentation', name: 'Presentation', description: 'Pitch, video and README: could a stranger pick it up?', weight: 1, scale: 5 as const },
] as const;

export interface SeedEntrant {
  team: string;
  /** The first creates the team and submits the project. */
  members: [string, ...string[]];
  project: Omit<ProjectFormInput, 'trackIds' | 'images'> & { tracks: TrackKey[] };
}

export interface JudgingPlan {
  hackathon: string;
  judges: string[];
  mode: AssignmentMode;
  /** For `byTrack`: the judges named for each track. */
  trackJudges?: Partial<Record<TrackKey, string[]>>;
  entrants: SeedEntrant[];
  /** judge -> per entrant (by index), the scores given so far; a shorter list: the rest not scored yet. */
  scores: Record<string, (number[] | undefined)[]>;
  /** Later changes of a score (the replay of the standings shows the ranking before them). */
  corrections?: { judge: string; entrant: number; criterion: number; value: number }[];
  notes?: { judge: string; entrant: number; note: string }[];
  /** Gallery opened and the z-score ranking's places published as winners. */
  publish: boolean;
}

const repo = (team: string, name: string) => `https://github.com/${team}/${name}`;

export const JUDGING_PLANS: JudgingPlan[] = [
  {
    hackathon: 'smart-mobility-hack',
    judges: ['sneha_ml', 'moderator', 'admin'],
    mode: 'all',
    entrants: [
      {
        team: 'Byte Brigade',
        members: ['aarav_dev', 'priya_codes'],
        project: {
          title: 'BusBuddy',
          tagline: 'Live bus arrivals from riders’ pings, for routes that have no GPS at all.',
          description: '<p>Most city buses in tier-2 towns carry no tracker. BusBuddy asks riders on board to tap once; a few taps per trip are enough to show every stop the next arrival.</p><ul><li>Works on 2G: one 60-byte ping</li><li>Arrival estimates from the last ten days of pings</li><li>A Kannada and Hindi interface</li></ul>',
          builtWith: ['React Native', 'Node.js', 'PostgreSQL', 'Redis'],
          links: { repository: repo('byte-brigade', 'busbuddy'), demo: 'https://busbuddy.example.com', video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
          tracks: ['impact'],
        },
      },
      {
        team: 'Cloud Nine',
        members: ['kabir_ops', 'ishaan_data'],
        project: {
          title: 'RouteSense AI',
          tagline: 'Predicts how crowded each metro coach will be, thirty minutes ahead.',
          description: '<p>A gradient-boosted model on six months of ticket taps and weather forecasts the load of each coach. Station screens suggest the emptier end of the platform.</p>',
          builtWith: ['Python', 'LightGBM', 'FastAPI', 'GTFS'],
          links: { repository: repo('cloud-nine', 'routesense'), demo: '', video: '' },
          tracks: ['ai'],
        },
      },
      {
        team: 'Auto Pilots',
        members: ['meera_designs', 'tanvi_hw'],
        project: {
          title: 'Last Mile Match',
          tagline: 'Shares an auto-rickshaw from the metro station with people going your way.',
          description: '<p>Riders leaving the same station within five minutes are matched by destination; an LLM turns free-text addresses (“behind the temple, second left”) into map points.</p>',
          builtWith: ['Kotlin', 'Firebase', 'Google Maps', 'Gemini'],
          links: { repository: repo('auto-pilots', 'last-mile-match'), demo: '', video: '' },
          tracks: ['ai', 'impact'],
        },
      },
      {
        team: 'Open Roads',
        members: ['zoya_ux', 'dev_rao'],
        project: {
          title: 'AccessWay',
          tagline: 'Step-free routes for wheelchair users, rated by the people who take them.',
          description: '<p>Every ramp, lift and broken pavement on the way is reported and rated by wheelchair users; routes avoid what was reported broken in the last week.</p>',
          builtWith: ['React', 'Mapbox', 'Go'],
          links: { repository: repo('open-roads', 'accessway'), demo: 'https://accessway.example.com', video: '' },
          tracks: ['impact'],
        },
      },
    ],
    // A balanced judge, a generous one who scores everything high, a harsh one who spreads wide:
    // the raw mean, the z-score and the trimmed mean do not place every project alike.
    scores: {
      sneha_ml: [
        [7, 7, 4],
        [8, 6, 3],
        [9, 7, 5],
        [5, 6, 3],
      ],
      moderator: [
        [10, 10, 5],
        [9, 9, 5],
        [10, 9, 5],
        [9, 9, 4],
      ],
      admin: [
        [4, 5, 3],
        [7, 5, 2],
        [8, 6, 4],
        [2, 3, 2],
      ],
    },
    corrections: [{ judge: 'sneha_ml', entrant: 1, criterion: 1, value: 8 }],
    notes: [
      { judge: 'sneha_ml', entrant: 1, note: 'Model is solid; ask how they handled festival days.' },
      { judge: 'admin', entrant: 3, note: 'Great cause, but the demo crashed twice.' },
    ],
    publish: true,
  },
  {
    hackathon: 'green-cities-hackathon',
    judges: ['priya_codes', 'moderator', 'admin'],
    mode: 'byTrack',
    trackJudges: { ai: ['priya_codes', 'moderator'], impact: ['admin', 'moderator'] },
    entrants: [
      {
        team: 'Null Pointers',
        members: ['sneha_ml', 'rahul_builds'],
        project: {
          title: 'AirWatch',
          tagline: 'Street-level air quality from ₹900 sensors, corrected against the city’s reference stations.',
          description: '<p>Cheap PM2.5 sensors drift with humidity. A small model trained on readings next to the pollution board’s stations corrects them, so every school gate can have its own number.</p>',
          builtWith: ['Python', 'PyTorch', 'ESP32', 'TimescaleDB'],
          links: { repository: repo('null-pointers', 'airwatch'), demo: '', video: '' },
          tracks: ['ai'],
        },
      },
      {
        team: 'Clean Sweep',
        members: ['aarav_dev', 'ishaan_data'],
        project: {
          title: 'WasteWise',
          tagline: 'A missed garbage pickup, reported with a photo, lands at the ward office with a deadline.',
          description: '<p>Residents snap the overflowing bin; the report goes to the ward that owns the street, and the street sees when it was cleared.</p>',
          builtWith: ['Flutter', 'Go', 'PostgreSQL'],
          links: { repository: repo('clean-sweep', 'wastewise'), demo: '', video: '' },
          tracks: ['impact'],
        },
      },
      {
        team: 'Blue Drops',
        members: ['meera_designs', 'tanvi_hw'],
        project: {
          title: 'TankTrack',
          tagline: 'Water tanker times for streets without piped water, sent by SMS.',
          description: '<p>Tanker drivers share their route once a day; households get an SMS an hour before the tanker reaches their street, in their own language.</p>',
          builtWith: ['Next.js', 'Twilio', 'PostgreSQL'],
          links: { repository: repo('blue-drops', 'tanktrack'), demo: 'https://tanktrack.example.com', video: '' },
          tracks: ['impact'],
        },
      },
      {
        team: 'Green Bytes',
        members: ['zoya_ux', 'dev_rao'],
        project: {
          title: 'ShadeMap',
          tagline: 'Finds the hottest streets from satellite images and where new trees would cool the most people.',
          description: '<p>Land-surface temperature from Landsat, footfall from bus stops and a model of canopy growth rank the streets where a tree planted today helps most in five years.</p>',
          builtWith: ['Python', 'scikit-learn', 'React', 'GIS'],
          links: { repository: repo('green-bytes', 'shademap'), demo: '', video: '' },
          tracks: ['ai', 'impact'],
        },
      },
    ],
    // Under way: the moderator is done, the admin half-way, priya_codes has scored one of her two.
    scores: {
      moderator: [
        [8, 7, 4],
        [6, 7, 3],
        [7, 6, 4],
        [9, 8, 4],
      ],
      admin: [undefined, [5, 6, 3], [6, 5]],
      priya_codes: [[7, 8, 4]],
    },
    publish: false,
  },
];
