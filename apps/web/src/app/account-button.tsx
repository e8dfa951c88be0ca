import type { ComponentPropsWithRef } from 'react';
import { UserIcon } from '../components/icons';

/** The header's account button; Dropdown passes its trigger props (onClick, ref) through `rest`. */
export function AccountButton({ name, ...rest }: { name: string } & ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="shell-button" data-testid="account-menu" {...rest}>
      <UserIcon />
      <span className="visually-hidden">Your account: </span>
      <span className="site-header__name">{name}</span>
    </button>
  );
}
