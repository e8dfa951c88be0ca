import type { ComponentProps } from 'react';
import { AntdIsland } from '../../../components/antd-island';
import { SuburbSearch } from '../../suburb/components/suburb-search';

/** The suburb search with Ant Design's theme, for pages built without it (the product page). */
export function SuburbSearchIsland(props: ComponentProps<typeof SuburbSearch>) {
  return (
    <AntdIsland>
      <SuburbSearch {...props} />
    </AntdIsland>
  );
}
