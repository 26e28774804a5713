import { toast } from 'sonner';

/** Toast durations of the spec (section 9): default 4 s, success 3 s, error 5 s. */
export const TOAST_DURATION = { default: 4000, success: 3000, error: 5000 } as const;

export const notify = {
  info: (message: string) => toast(message, { duration: TOAST_DURATION.default }),
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION.error }),
};
