/** Profile enumerations of spec 1 section 3: one list for the server's rules and the form's choices. */
export { COUNTRIES, INDIA_STATES, COURSES, BRANCHES, COLLEGE_YEARS } from '@circuit/shared/profiles/options';
