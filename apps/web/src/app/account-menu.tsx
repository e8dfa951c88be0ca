import { Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountButton } from './account-button';
import { AntdProvider } from '../components/antd-provider';

type Props = { name: string; onSignOut: () => void; isInitiallyOpen: boolean };

const items: MenuProps['items'] = [
  { key: '/account/profile', label: <span data-testid="menu-profile">My profile</span> },
  { key: '/account/orders', label: <span data-testid="menu-orders">Orders</span> },
  { key: '/account/wishlist', label: <span data-testid="menu-wishlist">Wishlist</span> },
  { key: '/account/lists', label: <span data-testid="menu-lists">Lists</span> },
  { key: '/account/security', label: <span data-testid="menu-security">Password & sign-ins</span> },
  { type: 'divider' },
  { key: 'logout', label: <span data-testid="logout">Sign out</span>, danger: true },
];

/** The signed-in header menu; loaded when wanted, so the dropdown and menu code stay out of the page load. */
export function AccountMenu({ name, onSignOut, isInitiallyOpen }: Props) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setIsOpen(false);
    if (key === 'logout') onSignOut();
    else void navigate(key);
  };
  return (
    <AntdProvider>
      {/* Inside the header, which stays at the top of the window: placed in the page, the open menu scrolled away
          from its button when the page did. */}
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        open={isOpen}
        onOpenChange={setIsOpen}
        getPopupContainer={inHeader}
      >
        <AccountButton name={name} />
      </Dropdown>
    </AntdProvider>
  );
}

function inHeader(trigger: HTMLElement): HTMLElement {
  return trigger.closest('header') ?? document.body;
}
