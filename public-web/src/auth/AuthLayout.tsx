import type { ReactNode } from 'react';
import { LogoMark } from '../ui/LogoMark';
import { Card } from '../ui/Card';
import { useDocumentTitle } from '../ui/useDocumentTitle';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** An illustration above the title (a status icon for confirmation screens). */
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every authentication screen uses. */
export function AuthLayout({ title, subtitle, icon, children, footer }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          {icon ?? <LogoMark className="size-10" />}
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && <div className="mt-2 text-sm text-slate-600">{subtitle}</div>}
        </div>
        <Card className="p-6 sm:p-8">{children}</Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

export const textLinkClasses =
  'font-semibold text-indigo-600 hover:text-indigo-500 hover:underline rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
