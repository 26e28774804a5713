import { ChevronDown, Plus } from 'lucide-react';
import { Menu } from './Menu';
import { hostPromoteLinks } from './navigation';

export function HostPromoteMenu() {
  return (
    <Menu
      align="left"
      widthClassName="w-72"
      buttonClassName="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 aria-expanded:bg-slate-100"
      button={
        <>
          <Plus className="size-4" aria-hidden="true" />
          Host &amp; Promote
          <ChevronDown className="size-4 text-slate-400" aria-hidden="true" />
        </>
      }
      entries={hostPromoteLinks.map((link) => ({ kind: 'link' as const, ...link }))}
    />
  );
}
