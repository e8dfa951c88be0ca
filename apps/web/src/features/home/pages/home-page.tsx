import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ProductGridPlaceholder } from '../../catalog/components/product-grid';
import { SpecialsShelf } from '../../catalog/components/specials-shelf';
import { UsualsShelf } from '../../usuals/components/usuals-shelf';
import { readUsualsHint, type UsualsRoom } from '../../usuals/usuals-hint';

const highlights = [
  { title: 'Fresh every morning', text: 'Fruit, veg and bakery picked up from local growers each day.' },
  { title: 'Delivered Australia-wide', text: 'Shipping costs worked out from your suburb at checkout.' },
  { title: 'Rewards that add up', text: 'Store credit, coupons and gift vouchers in your account.' },
];

const selectFirstName = (state: RootState) => state.userInfo.data?.firstName ?? null;
const selectCustomerID = (state: RootState) => state.userInfo.data?.customerID ?? null;

/**
 * Room for the usuals while they load: as tall as the shelf was last time at this width (else a row of cards), none
 * for a customer who had none.
 */
function UsualsPlaceholder({ room }: { room: UsualsRoom }) {
  if (room.cards === 0) return null;
  return (
    <section
      className="home-shelf"
      style={room.height === null ? undefined : { height: room.height, overflow: 'hidden' }}
      aria-labelledby="home-usuals-title"
      aria-busy="true"
      data-testid="home-usuals-loading"
    >
      <div className="home-shelf__heading">
        <h2 className="section-title" id="home-usuals-title">
          Your usuals
        </h2>
      </div>
      <ProductGridPlaceholder count={room.cards} testId="home-usuals-placeholder" />
    </section>
  );
}

/** The landing page is plain markup: it paints with the shell, before any UI library loads; the specials follow. */
export function HomePage() {
  const firstName = useAppSelector(selectFirstName);
  const customerID = useAppSelector(selectCustomerID);
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
      {/* Signed in only; read once the page has painted, in room kept for it, so nothing below moves. */}
      {customerID !== null && (
        <UsualsShelf
          key={customerID}
          customerID={customerID}
          placeholder={<UsualsPlaceholder room={readUsualsHint(customerID)} />}
        />
      )}
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
