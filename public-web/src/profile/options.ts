/**
 * Profile enumerations of spec 1 section 3, copied from shared/src/profiles/options.ts (the web app does
 * not import server code). Keep the two in step.
 */
export const COUNTRIES = ['India', 'Other'] as const;

export const INDIA_STATES = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
  'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur',
  'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana',
  'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi',
  'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry',
] as const;

export const COURSES = ['B.Tech', 'B.E', 'B.Sc', 'B.Com', 'BBA', 'BCA', 'M.Tech', 'M.E', 'M.Sc', 'MBA', 'MCA', 'PhD', 'Diploma', 'Other'] as const;

export const BRANCHES = [
  'Computer Science', 'Information Technology', 'Electronics & Communication', 'Electrical Engineering',
  'Mechanical Engineering', 'Civil Engineering', 'Chemical Engineering', 'Biotechnology', 'Aerospace Engineering',
  'Data Science', 'Artificial Intelligence', 'Cybersecurity', 'Mathematics', 'Physics', 'Chemistry', 'Biology',
  'Commerce', 'Business Administration', 'Other',
] as const;

export const COLLEGE_YEARS = ['1st Year', '2nd Year', '3rd Year', '4th Year', '5th Year', 'Graduate', 'Post Graduate', 'PhD'] as const;
