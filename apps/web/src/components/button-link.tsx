import { Button, type ButtonProps } from 'antd';
import type { Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

type Props = Omit<ButtonProps, 'href' | 'onClick'> & { to: To; ref?: Ref<HTMLAnchorElement> };

/**
 * A link that looks like a button: one `<a>`, one tab stop. A `Button` inside a `Link` nests a control in a control,
 * which screen readers announce twice and the keyboard stops on twice. Opens in the app like a `Link`; a middle or
 * modified click opens a new tab as any link does.
 */
export function ButtonLink({ to, ref, ...button }: Props) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button
      {...button}
      ref={ref as Ref<HTMLAnchorElement | HTMLButtonElement>}
      href={href}
      onClick={onClick}
    />
  );
}
