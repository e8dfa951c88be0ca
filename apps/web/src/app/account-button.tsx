import { UserOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

/** The header's account button; Dropdown passes its trigger props (onClick, ref) through `rest`. */
export function AccountButton({ name, ...rest }: { name: string } & ButtonProps) {
  return (
    <Button icon={<UserOutlined />} data-testid="account-menu" {...rest}>
      <span className="site-header__name">{name}</span>
    </Button>
  );
}
