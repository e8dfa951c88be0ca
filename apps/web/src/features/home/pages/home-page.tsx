import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SpecialsShelf } from '../../catalog/components/specials-shelf';

const highlights = [
  { title: 'Fresh every morning', text: 'Fruit, veg and bakery picked up from local growers each day.' },
  { title: 'Delivered Australia-wide', text: 'Shipping costs worked out from your suburb at checkout.' },
  { title: 'Rewards that add up', text: 'Store credit, coupons and gift vouchers in your account.' },
];

const selectFirstName = (state: RootState) => state.userInfo.data?.firstName ?? null;

/** The landing page is plain markup: it paints with the shell, before any UI library loads; the specials follow. */
export function HomePage() {
  const firstName = useAppSelector(selectFirstName);
  useDocumentTitle('Fresh groceries, delivered');
  return (
    <div className="page">
      <section className="panel home-hero">
        <h1 className="home-hero__title" data-testid="home-title">
          {firstName ? `Welcome back, ${firstName}` : 'Fresh groceries, delivered'}
        </h1>
        <p className="home-hero__lead">
          Your neighbourhood grocer, online. Fill your trolley and we will bring it to your door.
        </p>
        {firstName ? (
          <Link
            to="/account/profile"
            className="shell-button shell-button--primary shell-button--large"
            data-testid="home-account"
          >
            Go to my account
          </Link>
        ) : (
          // Anyone can fill a trolley (the header signs in); signing in is asked for at checkout.
          <Link
            to="/shop"
            className="shell-button shell-button--primary shell-button--large"
            data-testid="home-start-shopping"
          >
            Start shopping
          </Link>
        )}
      </section>
      <SpecialsShelf />
      <div className="home-highlights">
        {highlights.map((item) => (
          <section className="panel" key={item.title}>
            <h2 className="panel__title">{item.title}</h2>
            <p className="panel__body">{item.text}</p>
          </section>
        ))}
      </div>
      <section className="panel">
        <h2 className="panel__title">Shop the aisles</h2>
        <p className="panel__body">
          Fruit and veg, dairy, bakery, pantry staples, drinks, frozen, snacks and seasonal mooncakes.
        </p>
        <Link to="/shop" className="shell-button shell-button--primary" data-testid="home-shop">
          Browse the shop
        </Link>
      </section>
    </div>
  );
}
