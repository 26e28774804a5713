import { z } from 'zod';

/**
 * What the participants screens of events and quizzes show about each registered user, once for both. The name
 * comes in each kind's own shape (events: one `name`; quizzes: first and last), so it is not here.
 */
export const participantContactFields = {
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  college: z.string(),
  course: z.string(),
  branch: z.string(),
  collegeYear: z.string(),
  country: z.string(),
  state: z.string(),
  address: z.string(),
  skills: z.array(z.string()),
  profilePicture: z.string().nullable(),
};

/** Attendance (docs/day-of.md): when the participant was checked in at the door; null when not (or a listing without a door). */
export const attendanceFields = {
  checkedInAt: z.iso.datetime({ offset: true }).nullable().meta({ description: 'When they were checked in at the door (ISO); null when not' }),
};

/** The export's "Checked in" column: the time, empty when not checked in. */
export const CHECKED_IN_CSV_COLUMN = { key: 'checkedInAt', label: 'Checked in' } as const;

/** The leading CSV columns both exports share (who and what they study), in order. */
export const PARTICIPANT_PROFILE_CSV_COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'username', label: 'Username' },
  { key: 'email', label: 'Email' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'college', label: 'College' },
  { key: 'course', label: 'Course' },
  { key: 'branch', label: 'Branch' },
  { key: 'collegeYear', label: 'Year' },
  { key: 'country', label: 'Country' },
  { key: 'state', label: 'State' },
] as const;
