/**
 * What "Download my data" puts in its ZIP: the sections built one after another (each one step of
 * the progress), and the files of each with what they hold. The README in the archive and the
 * settings page say the same, from here.
 */
export const DATA_EXPORT_SECTIONS = [
  { key: 'profile', label: 'Your profile', files: { profile: 'Your account and profile: name, username, e-mail, mobile, college and course, bio, tagline, skills, links, picture, when you joined.' } },
  {
    key: 'projects',
    label: 'Projects',
    files: {
      portfolio_projects: 'The projects on your profile: title, description, technologies, links, image.',
      hackathon_projects: 'The hackathon projects you are a member of: the hackathon, the team, the draft and every submission.',
    },
  },
  {
    key: 'connections',
    label: 'Followers, following and connections',
    files: {
      followers: 'The people who follow you, and since when.',
      following: 'The people you follow, and since when.',
      connections: 'Your connections, and since when.',
    },
  },
  {
    key: 'registrations',
    label: 'Registrations and teams',
    files: {
      hackathon_registrations: 'Your hackathon registrations: the form you filled in, your team and its status, payment status.',
      event_registrations: 'Your event registrations: the form you filled in, payment status, how you got the place.',
      quiz_registrations: 'Your quiz registrations: the form you filled in, payment status.',
    },
  },
  { key: 'payments', label: 'Payments', files: { payments: 'Every payment you started: what it was for, the amount, and whether it was paid, failed or refunded.' } },
  {
    key: 'quiz-answers',
    label: 'Quiz answers',
    files: {
      quiz_attempts: 'Your quiz attempts: when you started and submitted, your marks, correct answers and percentage.',
      quiz_answers: 'Each answer you gave: the question, your choice, the right one.',
    },
  },
  { key: 'reviews', label: 'Reviews you wrote', files: { reviews: 'Your reviews of hackathons: rating and comment.' } },
  {
    key: 'messages',
    label: 'Messages you sent',
    files: {
      private_messages: 'The private messages you sent: to whom, the text, when, whether it was read or deleted.',
      community_posts: 'Your posts in hackathon communities: the text, when, whether you edited or deleted it.',
    },
  },
  { key: 'notifications', label: 'Notifications', files: { notifications: 'The notifications you received: what happened, from whom, whether you read it.' } },
] as const;

export type DataExportSection = (typeof DATA_EXPORT_SECTIONS)[number];
export type DataExportSectionKey = DataExportSection['key'];
/** A section's tables, by file name (without extension): one JSON and one CSV file each. */
export type DataExportTables = Record<string, readonly Record<string, unknown>[]>;
