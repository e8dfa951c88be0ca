import { Button, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';

const highlights = [
  { title: 'Fresh every morning', text: 'Fruit, veg and bakery picked up from local growers each day.' },
  { title: 'Delivered Australia-wide', text: 'Shipping costs worked out from your suburb at checkout.' },
  { title: 'Rewards that add up', text: 'Store credit, coupons and gift vouchers in your account.' },
];

const selectFirstName = (state: RootState) => state.userInfo.data?.firstName ?? null;

export function HomePage() {
  const firstName = useAppSelector(selectFirstName);
  return (
    <div className="page">
      <Card style={{ marginBottom: 24, background: 'linear-gradient(135deg, #fff0f3, #ffffff)' }}>
        <Typography.Title level={2} style={{ marginTop: 0 }} data-testid="home-title">
          {firstName ? `Welcome back, ${firstName}` : 'Fresh groceries, delivered'}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          Your neighbourhood grocer, online. Fill your trolley and we will bring it to your door.
        </Typography.Paragraph>
        {firstName ? (
          <Link to="/account/profile">
            <Button type="primary" size="large" data-testid="home-account">
              Go to my account
            </Button>
          </Link>
        ) : (
          <Link to="/login">
            <Button type="primary" size="large" data-testid="home-login">
              Sign in to shop
            </Button>
          </Link>
        )}
      </Card>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {highlights.map((item) => (
          <Col xs={24} md={8} key={item.title}>
            <Card title={item.title} style={{ height: '100%' }}>
              {item.text}
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="Shop the aisles">
        <Typography.Paragraph>
          Fruit and veg, dairy, bakery, pantry staples, drinks, frozen, snacks and seasonal mooncakes.
        </Typography.Paragraph>
        <Link to="/shop">
          <Button type="primary" data-testid="home-shop">
            Browse the shop
          </Button>
        </Link>
      </Card>
    </div>
  );
}
