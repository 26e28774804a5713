import { Link, type LinkProps } from 'react-router-dom';
import { ButtonLink, type ButtonLinkProps } from '../ui/Button';
import { useLoginHere } from './returnTo';

/** A "sign in" button that comes back to this page afterwards. */
export function LoginButtonLink(props: Omit<ButtonLinkProps, 'to'>) {
  return <ButtonLink to={useLoginHere()} {...props} />;
}

/** A "sign in" text link that comes back to this page afterwards. */
export function LoginLink(props: Omit<LinkProps, 'to'>) {
  return <Link to={useLoginHere()} {...props} />;
}
