/** The product's main sections (header and footer). Their screens come with later features. */
export const mainSections = [
  { label: 'Hackathons', to: '/hackathons' },
  { label: 'Events', to: '/events' },
  { label: 'Quizzes', to: '/quizzes' },
] as const;
