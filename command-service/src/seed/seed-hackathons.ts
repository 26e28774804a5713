import type { CommandContext } from '@circuit/shared/commands/decider';
import { HACKATHON_CATEGORIES, LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { HackathonFormSchema, type HackathonFormInput } from '@circuit/shared/validation/hackathons';
import { unlessNotFound } from '@circuit/shared/commands/domain-errors';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { hackathonListing } from '../hackathons/hackathon-decider';
import { findListingOf } from '../listings/listing-service';
import type { HackathonService } from '../hackathons/hackathon-service';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { SEED_BANNER_FROM, storeSeedBanner } from './seed-banners';

const DAY = 86_400_000;

const THEMES: [string, string, string[]][] = [
  ['Monsoon Build Sprint', 'Tools for flood-prone towns, built with local councils.', ['React', 'PostgreSQL', 'Maps']],
  ['Campus Climate Hack', 'Measure and cut your campus’s energy use.', ['Python', 'IoT', 'Data Science']],
  ['FinTech for Bharat', 'Payments and credit for the next 500 million users.', ['Node.js', 'UPI', 'TypeScript']],
  ['HealthStack Hackathon', 'Open tools for primary health centres.', ['FHIR', 'Flutter', 'Go']],
  ['AgriTech Challenge', 'Crop, weather and market data for small farmers.', ['Python', 'Machine Learning', 'Android']],
  ['Open Source Weekend', 'Ship your first pull requests to real projects.', ['Git', 'JavaScript', 'Rust']],
  ['Design Jam', 'Redesign a public service people use every day.', ['Figma', 'UX Research']],
  ['Smart Mobility Hack', 'Buses, metros and last-mile rides that just work.', ['Kotlin', 'GTFS', 'React Native']],
  ['EdTech Ideathon', 'Ideas that make learning stick, in any language.', ['LLMs', 'Next.js']],
  ['Cyber Shield CTF', 'Capture the flag: web, crypto, forensics.', ['Security', 'Linux', 'Python']],
  ['Code Relay Contest', 'Algorithms in relay: one problem, three teammates.', ['C++', 'Algorithms']],
  ['Case Study Cup', 'Solve a real business case for a startup.', ['Strategy', 'Analytics']],
  ['Cultural Fest Coders', 'Build the app for your college fest.', ['Svelte', 'Firebase']],
  ['Sports Analytics Hack', 'Numbers behind cricket, football and kabaddi.', ['Python', 'Pandas', 'Computer Vision']],
  ['Green Cities Hackathon', 'Air, water and waste data for cleaner cities.', ['Go', 'TimescaleDB', 'React']],
  ['AI for Good', 'Machine learning for NGOs and public services.', ['PyTorch', 'LLMs', 'FastAPI']],
  ['Web3 Builders Meetup', 'Decentralised apps with real users.', ['Solidity', 'TypeScript']],
  ['Accessibility Hack', 'Make the web usable for everyone.', ['ARIA', 'React', 'Testing']],
  ['Hardware Hack Night', 'Sensors, boards and a lot of solder.', ['Arduino', 'ESP32', 'C']],
  ['Startup Weekend', 'From idea to pitch in 54 hours.', ['Product', 'Pitching']],
  ['Data Viz Challenge', 'Tell a story with open government data.', ['D3.js', 'Observable']],
  ['Game Jam', 'A theme, 48 hours, one playable game.', ['Godot', 'Unity', 'C#']],
  ['Cloud Native Hack', 'Build on Kubernetes and serverless.', ['Kubernetes', 'Go', 'Terraform']],
  ['Women in Tech Hack', 'Teams led by women, mentors from industry.', ['React', 'Node.js', 'Python']],
  ['Space Apps Chennai', 'NASA open data challenges, local edition.', ['Python', 'GIS']],
  ['Rural Connect Ideathon', 'Connectivity and services for villages.', ['SMS', 'Android']],
  ['DevTools Hackathon', 'Make developers faster.', ['Rust', 'TypeScript', 'CLI']],
  ['Quantum Curious', 'Your first quantum circuits.', ['Qiskit', 'Python']],
];

/** [start offset in days, length in days]: completed, running and future listings. */
const WHEN: [number, number][] = [[-40, 2], [-1, 3], [6, 2], [14, 2], [21, 3], [35, 2], [60, 2]];
const ORGS = ['Kerala Open Source Society', 'IIT Madras Tech Club', 'Bengaluru Devs', 'Circuit Community', 'NIT Trichy Coding Club', 'Pune Makers'];

/** The seed's listings: every category, location and fee type, past, running and future dates. */
export function seedHackathonForms(now: Date): HackathonFormInput[] {
  return THEMES.map(([title, shortDescription, technologies], i) => {
    const [offset, length] = WHEN[i % WHEN.length]!;
    const start = Math.floor(now.getTime() / DAY) * DAY + offset * DAY + 4.5 * 3_600_000;
    const locationType = LOCATION_TYPES[i % LOCATION_TYPES.length]!;
    const international = i % 9 === 8;
    const paid = i % 4 === 1;
    return {
      username: title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 30),
      title,
      shortDescription,
      description: `<p>${shortDescription}</p><h3>What to build</h3><ul><li>A working prototype</li><li>A two-minute demo video</li></ul><p>Mentors are around all weekend; food and Wi-Fi are on us.</p>`,
      eligibilityCriteria: '<p>Students of any college, in teams of the size below. Bring your college ID.</p>',
      organization: { name: ORGS[i % ORGS.length]!, website: 'https://circuit.local' },
      categories: [HACKATHON_CATEGORIES[i % HACKATHON_CATEGORIES.length]!],
      technologies,
      location: international
        ? { type: locationType, country: 'Japan', state: '', city: 'Tokyo', address: locationType === 'online' ? '' : 'Shibuya' }
        : { type: locationType, country: 'India', state: INDIA_STATES[(i * 7) % INDIA_STATES.length]!, city: 'Campus', address: locationType === 'online' ? '' : 'Main auditorium' },
      dates: {
        registrationDeadline: new Date(start - 2 * DAY).toISOString(),
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + length * DAY).toISOString(),
      },
      pricing: paid ? { type: 'paid', amount: 199 + (i % 3) * 100, currency: 'INR' } : { type: 'free', amount: 0, currency: 'INR' },
      maxParticipants: i % 5 === 0 ? 4 : 100 + i * 10,
      prizes: { totalPrizePool: 50_000 + i * 5000, currency: 'INR', prizeDetails: [{ rank: '1st', description: 'Winner', amount: 30_000 }, { rank: '2nd', description: 'Runner-up', amount: 20_000 }] },
      takeRegistrations: true,
      mentors: [{ name: 'Meera Pillai', tagline: 'Staff engineer, payments', linkedin: 'https://linkedin.com/in/meera' }],
      volunteers: [{ name: 'Arjun K', role: 'Logistics', phone: '9876500000', linkedin: 'https://linkedin.com/in/arjun', twitter: '' }],
      teamSettings: { minMembers: i % 3 === 0 ? 1 : 2, maxMembers: 4 },
      faqs: [{ question: 'Can I join alone?', answer: 'Yes: register, then create a team or join one by its code.' }],
    };
  });
}

/** The live hackathon holding this username (through its slug stream), or undefined. */
async function liveListing(store: EventStore, username: string) {
  const listing = await unlessNotFound(findListingOf(store, hackathonListing, username));
  return listing?.deleted ? undefined : listing;
}

/**
 * Demo hackathons on a fresh store: most accepted, one pending and one rejected per few, so every
 * state shows. Skips listings whose username exists (an interrupted seed continues).
 */
export async function seedHackathons(
  deps: { hackathons: HackathonService; store: EventStore; now: () => Date; files?: FileStore },
  organisers: string[],
  moderatorId: string,
  ctx: CommandContext,
): Promise<{ hackathonId: string }[]> {
  const accepted: { hackathonId: string }[] = [];
  for (const [i, input] of seedHackathonForms(deps.now()).entries()) {
    const existing = await liveListing(deps.store, String(input.username));
    if (existing) {
      if (existing.status === 'accepted') accepted.push({ hackathonId: existing.id });
      continue;
    }
    const banner = deps.files ? await storeSeedBanner(deps.files, SEED_BANNER_FROM.hackathons + i) : '';
    const form = HackathonFormSchema.parse({ ...input, images: { ...input.images, banner } });
    const { hackathonId } = await deps.hackathons.create(organisers[i % organisers.length]!, form, ctx);
    if (i % 7 === 3) continue; // stays pending
    if (i % 7 === 5) {
      await deps.hackathons.reject(moderatorId, hackathonId, 'Please add the venue and a schedule.', ctx);
      continue;
    }
    await deps.hackathons.approve(moderatorId, hackathonId, ctx);
    accepted.push({ hackathonId });
  }
  return accepted;
}
