/** A datetime-local value (the browser's zone) as an ISO instant. */
export const toIso = (local: string) => new Date(local).toISOString();

/** An ISO instant as a datetime-local value in the browser's zone, to the second. */
export const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
