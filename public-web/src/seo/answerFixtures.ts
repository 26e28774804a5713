import type { Event } from '@circuit/shared/api/events';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import type { Project } from '@circuit/shared/api/projects';
import type { Quiz } from '@circuit/shared/api/quizzes';
import type { User } from '@circuit/shared/api/users';
import type { Site } from './pageHead';

/** API answers as the public pages receive them, for the head builders' specs (typed by the shared contract). */

export const site: Site = { origin: 'https://circuit.example', name: 'Circuit', timeZone: 'Asia/Kolkata' };

/** An in-person, paid hackathon with a banner, registration open and places left. */
export function hackathonAnswer(overrides: Partial<Hackathon> = {}): Hackathon {
  return {
    _id: '6650a1f2c3d4e5f6a7b8c9d0',
    id: '6650a1f2c3d4e5f6a7b8c9d0',
    username: 'code-for-farmers',
    title: 'Code for Farmers 2026',
    shortDescription: 'Build tools that help small farmers plan, sell and share harvests, with open data and mentors from agritech teams.',
    status: 'accepted',
    phase: 'registration_open',
    displayStatus: 'Upcoming',
    categories: ['hackathon'],
    technologies: ['React', 'Python', 'PostgreSQL'],
    location: { type: 'offline', country: 'India', state: 'Karnataka', city: 'Bengaluru', address: 'IIIT Bangalore, Electronics City' },
    // 10:00 IST on 12 Dec to 18:00 IST on 13 Dec; registration closes at the end of 5 Dec, IST.
    dates: { startDate: '2026-12-12T04:30:00.000Z', endDate: '2026-12-13T12:30:00.000Z', registrationDeadline: '2026-12-05T18:29:59.000Z' },
    pricing: { type: 'paid', amount: 499, currency: 'INR' },
    registrationFees: 499,
    maxParticipants: 200,
    currentParticipants: 120,
    images: { banner: '/uploads/banners/code-for-farmers.webp', logo: '', gallery: [] },
    organization: { name: 'GDG Bengaluru', website: 'gdg.community.dev/gdg-bengaluru', logo: '' },
    isFeatured: true,
    averageRating: 0,
    totalReviews: 0,
    rejectionReason: null,
    createdAt: '2026-10-01T09:15:00.000Z',
    description: '<p>Two days of <strong>building</strong> with farmers&nbsp;&amp; agronomists.</p><ul><li>Open data</li><li>Mentors</li></ul>',
    eligibilityCriteria: '<p>Students of any college.</p>',
    prizes: { totalPrizePool: 150000, currency: 'INR', prizeDetails: [{ rank: '1st', description: 'Winner', amount: 75000 }] },
    mentors: [{ name: 'Meera Iyer', tagline: 'Agritech PM', linkedin: '' }],
    volunteers: [],
    sponsors: [],
    teamSettings: { minMembers: 2, maxMembers: 4 },
    requirements: { minAge: 16, maxAge: 30, educationLevel: ['undergraduate'], experienceLevel: ['beginner'], teamSize: { min: 2, max: 4 } },
    socialMediaLinks: { whatsapp: '', instagram: '', discord: '', linkedin: '', website: '' },
    faqs: [],
    takeRegistrations: 'true',
    createdBy: { _id: '6650a1f2c3d4e5f6a7b8c9aa', username: 'asha.rao', firstName: 'Asha', lastName: 'Rao', profilePicture: null },
    organizer: { _id: '6650a1f2c3d4e5f6a7b8c9aa' },
    updatedAt: '2026-10-02T11:00:00.000Z',
    ...overrides,
  };
}

/** An online, free event without a banner, run by a member (no organisation named). */
export function eventAnswer(overrides: Partial<Event> = {}): Event {
  return {
    _id: '6650b2a3c3d4e5f6a7b8c9d1',
    id: '6650b2a3c3d4e5f6a7b8c9d1',
    username: 'rust-101',
    title: 'Rust 101: ownership without tears',
    shortDescription: '',
    status: 'accepted',
    phase: 'registration_open',
    displayStatus: 'Upcoming',
    eventType: 'workshop',
    category: 'technology',
    location: { type: 'online', address: '', city: '', state: '', country: '' },
    dates: { startDate: '2026-12-20T13:30:00.000Z', endDate: '2026-12-20T15:30:00.000Z', registrationDeadline: '2026-12-19T18:29:59.000Z' },
    pricing: { type: 'free', amount: 0, currency: 'INR', earlyBird: { amount: 0, deadline: '' } },
    maxAttendees: 100,
    currentAttendees: 40,
    waitlistCount: 0,
    placesOnOffer: 0,
    images: { banner: '', logo: '', gallery: [] },
    organization: { name: '', website: '', logo: '' },
    tags: ['rust', 'systems'],
    isFeatured: false,
    rejectionReason: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    description: '<h2>What you will learn</h2><p>Borrowing, lifetimes &amp; the <code>Box&lt;T&gt;</code> type, hands on.</p>',
    requirements: { minAge: 0, maxAge: 0, educationLevel: [], experienceLevel: [] },
    socialMediaLinks: { whatsapp: '', instagram: '', discord: '', linkedin: '', website: '' },
    faqs: [],
    takeRegistrations: 'true',
    createdBy: { _id: '6650a1f2c3d4e5f6a7b8c9bb', username: 'dev_kiran', firstName: 'Kiran', lastName: 'Shah' },
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A paid quiz without an image whose registration window is 1 to 14 December 2026. */
export function quizAnswer(overrides: Partial<Quiz> = {}): Quiz {
  return {
    _id: '6650c3b4c3d4e5f6a7b8c9d2',
    id: '6650c3b4c3d4e5f6a7b8c9d2',
    title: 'DSA Sprint #4',
    description: '<p>Twenty questions on arrays, graphs and dynamic programming.</p>',
    image: '',
    status: 'accepted',
    phase: 'upcoming',
    timeLimit: 30,
    category: 'technology',
    totalParticipants: 57,
    maxParticipants: 100,
    questionsCount: 20,
    pricing: { type: 'paid', amount: 49, currency: 'INR' },
    dates: {
      registrationStartDate: '2026-11-30T18:30:00.000Z',
      registrationEndDate: '2026-12-14T18:29:59.000Z',
      startDate: '2026-12-15T13:30:00.000Z',
      endDate: '2026-12-15T14:30:00.000Z',
    },
    organizer: { _id: '6650a1f2c3d4e5f6a7b8c9cc', firstName: 'Nikhil', lastName: 'Verma', username: 'nikhilv' },
    rejectionReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    instructions: '<p>No going back.</p>',
    eligibilityCriteria: '',
    passingScore: 60,
    tags: ['dsa'],
    marking: { correct: 4, incorrect: -2 },
    canManage: false,
    isSaved: false,
    questions: [],
    ...overrides,
  };
}

export function userAnswer(overrides: Partial<User> = {}): User {
  return {
    _id: '6650a1f2c3d4e5f6a7b8c9aa',
    id: '6650a1f2c3d4e5f6a7b8c9aa',
    username: 'asha.rao',
    firstName: 'Asha',
    lastName: 'Rao',
    role: 'user',
    isEmailVerified: true,
    isActive: true,
    bio: '<p>Final-year CS student who likes <em>maps</em> &amp; open data.</p>',
    tagline: 'Building tools for farmers',
    website: 'asharao.dev',
    socialLinks: { github: 'https://github.com/asharao', linkedin: 'linkedin.com/in/asharao', twitter: '@asharao' },
    country: 'India',
    state: 'Karnataka',
    address: '',
    college: 'RV College of Engineering',
    course: 'B.E.',
    branch: 'Computer Science',
    collegeYear: '4',
    skills: ['TypeScript', 'React', 'PostGIS'],
    profilePicture: '/uploads/profile-pictures/7d1c.webp',
    followersCount: 84,
    followingCount: 30,
    connectionsCount: 12,
    createdAt: '2025-08-01T12:00:00.000Z',
    lastLogin: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}

export function projectAnswer(overrides: Partial<Project> = {}): Project {
  return {
    _id: '6650d4c5c3d4e5f6a7b8c9d3',
    id: '6650d4c5c3d4e5f6a7b8c9d3',
    owner: { _id: '6650a1f2c3d4e5f6a7b8c9aa', id: '6650a1f2c3d4e5f6a7b8c9aa', username: 'asha.rao', firstName: 'Asha', lastName: 'Rao', profilePicture: null, tagline: '', skills: [] },
    title: 'Mandi Prices',
    description: 'Daily crop prices from 3,000 markets, on a map.',
    technologies: ['React', 'PostGIS'],
    githubUrl: 'https://github.com/asharao/mandi-prices',
    liveUrl: '',
    image: '/uploads/projects/mandi.png',
    likes: [],
    saves: [],
    likesCount: 3,
    savesCount: 1,
    comments: [],
    createdAt: '2026-03-10T10:00:00.000Z',
    updatedAt: '2026-03-10T10:00:00.000Z',
    ...overrides,
  };
}
