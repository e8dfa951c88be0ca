/** Builds the configured providers once at start; the order module picks one by name. */
import { AfterpayProvider } from './afterpay-provider.js';
import type { DemoPaymentStore } from './demo-payment-store.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentConfig } from './payment-config.js';
import type { PaymentProvider, PaymentProviderName } from './payment-provider.js';
import { PayPalProvider } from './paypal-provider.js';

export interface PaymentProviders {
  byName: ReadonlyMap<PaymentProviderName, PaymentProvider>;
  /** Also in `byName`; kept typed so the store's approve page can approve and decline. */
  demo: DemoPaymentProvider | null;
  /** Also in `byName`; kept typed for its order limits, which product and cart pages show. */
  afterpay: AfterpayProvider | null;
}

export function createPaymentProviders(
  config: PaymentConfig,
  deps: { demoStore?: DemoPaymentStore },
): PaymentProviders {
  const byName = new Map<PaymentProviderName, PaymentProvider>();
  if (config.paypal) {
    byName.set('paypal', new PayPalProvider({ ...config.paypal, timeoutMs: config.timeoutMs }));
  }
  const afterpay = config.afterpay
    ? new AfterpayProvider({ ...config.afterpay, timeoutMs: config.timeoutMs, merchantUrl: config.publicUrl })
    : null;
  if (afterpay) byName.set('afterpay', afterpay);
  let demo: DemoPaymentProvider | null = null;
  if (config.demo) {
    if (!deps.demoStore) throw new Error('The demo payment provider is on but has no store');
    demo = new DemoPaymentProvider({ store: deps.demoStore });
    byName.set('demo', demo);
  }
  return { byName, demo, afterpay };
}
