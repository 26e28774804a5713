/**
 * The preset skill list, copied from shared/src/profiles/skills.ts (the web app does not import server
 * code). It is the fallback when GET /api/users/skills/preset does not answer. Keep the two in step.
 */
export const PRESET_SKILLS = [
  'JavaScript', 'TypeScript', 'Python', 'React', 'Node.js', 'Java', 'C++', 'Machine Learning',
  'C', 'C#', 'Go', 'Rust', 'Kotlin', 'Swift', 'Ruby', 'PHP', 'Dart', 'Scala', 'R', 'MATLAB',
  'HTML', 'CSS', 'Tailwind CSS', 'Sass', 'Next.js', 'Vue.js', 'Angular', 'Svelte', 'Redux',
  'Express', 'NestJS', 'Django', 'Flask', 'FastAPI', 'Spring Boot', 'Ruby on Rails', 'Laravel', '.NET',
  'Flutter', 'React Native', 'Android', 'iOS',
  'SQL', 'PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Firebase', 'GraphQL', 'REST APIs',
  'AWS', 'Google Cloud', 'Azure', 'Docker', 'Kubernetes', 'Terraform', 'CI/CD', 'Linux', 'Git',
  'Deep Learning', 'Data Science', 'TensorFlow', 'PyTorch', 'Computer Vision', 'NLP', 'Data Analysis',
  'Blockchain', 'Solidity', 'Web3', 'Cybersecurity', 'UI/UX Design', 'Figma', 'Product Management',
  'Competitive Programming', 'System Design',
] as const;

export const QUICK_SKILL_CHIPS = PRESET_SKILLS.slice(0, 8);
