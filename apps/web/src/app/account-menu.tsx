import { Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { AccountButton } from './account-button';

type Props = { name: string; onSignOut: () => void };

const items: MenuProps['items'] = [
  { key: '/account/profile', label: <span data-testid="menu-profile">My profile</span> },
  { key: '/account/orders', label: <span data-testid="menu-orders">Orders</span> },
  { key: '/account/wishlist', label: <span data-testid="menu-wishlist">Wishlist</span> },
  { key: '/account/security', label: <span data-testid="menu-security">Password & sign-ins</span> },
  { type: 'divider' },
  { key: 'logout', label: <span data-testid="logout">Sign out</span>, danger: true },
];

/** The signed-in header menu. Loaded lazily: the dropdown and menu code stay out of the first page load. */
export function AccountMenu({ name, onSignOut }: Props) {
  const navigate = useNavigate();
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') onSignOut();
    else void navigate(key);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <AccountButton name={name} />
    </Dropdown>
  );
}
