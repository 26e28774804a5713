/** The preset skill list (shared with the server's search); the fallback when GET /api/users/skills/preset does not answer. */
export { PRESET_SKILLS, QUICK_SKILL_CHIPS } from '@circuit/shared/profiles/skills';
