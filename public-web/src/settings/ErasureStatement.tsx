import { Check, Trash2 } from 'lucide-react';

const GOES = [
  'Your profile: name, e-mail address, mobile number, college, bio, links and pictures',
  'The texts and images of your portfolio projects',
  'The messages you sent: the people you wrote to see "Message deleted"',
  'What you filled in when registering (mobile number, college and the like) and the comments of your reviews',
  'Your sign-in: you are signed out everywhere, and your username and e-mail address are free for anyone to use',
];

const STAYS = [
  'Payments: their amounts and ids, which we must keep for our accounts, without your name',
  'Your registrations, team places and scores, shown as "Deleted user", so teams and results still add up',
  'The messages others sent you, which stay in their chats',
  'Your username in our records of what happened (no page shows it, and it is free for anyone to take)',
];

/** What "Delete my account" erases and what it keeps, said plainly before anything is asked. */
export function ErasureStatement() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-xl border border-red-100 bg-red-50/60 p-4">
        <h3 className="text-sm font-semibold text-red-900">What goes</h3>
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          {GOES.map((item) => (
            <li key={item} className="flex gap-2">
              <Trash2 className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">What stays</h3>
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          {STAYS.map((item) => (
            <li key={item} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
