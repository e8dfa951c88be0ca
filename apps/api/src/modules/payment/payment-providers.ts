/** Builds the configured providers once at start; the order module picks one by name. */
import type { WarnLog } from '../../lib/warn-log.js';
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
  /** Also in `byName`; kept typed for its webhook, whose events it verifies with PayPal. */
  paypal?: PayPalProvider | null;
}

export function createPaymentProviders(
  config: PaymentConfig,
  deps: { demoStore?: DemoPaymentStore },
): PaymentProviders {
  const byName = new Map<PaymentProviderName, PaymentProvider>();
  const paypal = config.paypal ? new PayPalProvider({ ...config.paypal, timeoutMs: config.timeoutMs }) : null;
  if (paypal) byName.set('paypal', paypal);
  const afterpay = config.afterpay
    ? new AfterpayProvider({
        merchantId: config.afterpay.merchantId,
        secretKey: config.afterpay.secretKey,
        apiBase: config.afterpay.apiBase,
        timeoutMs: config.timeoutMs,
        merchantUrl: config.publicUrl,
      })
    : null;
  if (afterpay) byName.set('afterpay', afterpay);
  let demo: DemoPaymentProvider | null = null;
  if (config.demo) {
    if (!deps.demoStore) throw new Error('The demo payment provider is on but has no store');
    demo = new DemoPaymentProvider({ store: deps.demoStore });
    byName.set('demo', demo);
  }
  return { byName, demo, afterpay, paypal };
}

/** A failed read of Afterpay's configuration is tried again this soon, not a day later. */
export const AFTERPAY_CONFIG_RETRY_MS = 5 * 60_000;

export interface ConfigurationRefresh {
  /** Settles (never fails) once the first read has answered, well or not. */
  first: Promise<void>;
  stop(): void;
}

/**
 * Reads Afterpay's configuration now and then every `everyMs` (after a failure, every `retryMs` until one
 * succeeds), keeping it in the provider's memory: customers' requests only ever use what was last read.
 */
export function keepAfterpayConfigurationFresh(
  afterpay: Pick<AfterpayProvider, 'refreshConfiguration'>,
  options: { everyMs: number; retryMs?: number; log: WarnLog },
): ConfigurationRefresh {
  const retryMs = Math.min(options.retryMs ?? AFTERPAY_CONFIG_RETRY_MS, options.everyMs);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const read = async () => {
    let nextMs = options.everyMs;
    try {
      await afterpay.refreshConfiguration();
    } catch (err) {
      options.log.warn({ err }, "reading Afterpay's configuration failed; its last limits are kept");
      nextMs = retryMs;
    }
    if (stopped) return;
    timer = setTimeout(() => void read(), nextMs);
    timer.unref();
  };
  return {
    first: read(),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
