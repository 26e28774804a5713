import { Link } from 'react-router-dom';
import { LogoMark } from '../ui/LogoMark';

/** The product's logo, linking home. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
    >
      <LogoMark />
      <span>Circuit</span>
      <span className="sr-only">home</span>
    </Link>
  );
}
