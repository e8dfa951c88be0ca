import { RightOutlined } from '@ant-design/icons';
import { Alert, Button, Radio, Skeleton, Typography } from 'antd';
import type { DeliveryWindow, DeliveryWindows } from '@storefront/contract/delivery';
import { useCallback, useEffect, useId, useState } from 'react';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchDeliveryWindows } from '../api';
import { useScrollEdges } from '../use-scroll-edges';
import { dayLabel, storeToday, windowTimes, windowZone } from '../window-format';

type Props = {
  addressID: number;
  /** The chosen window's id (a Form.Item passes it). */
  value?: number;
  onChange?: (windowID: number | undefined) => void;
  /** The chosen window itself (its price difference), and whether this address needs one at all. */
  onWindow?: (window: DeliveryWindow | null, required: boolean) => void;
  /** Only windows this one may move to (the order page: same price). */
  filter?: (window: DeliveryWindow) => boolean;
  /** Bumped by the page to load the windows again (after a window filled up). */
  reloadKey?: number;
  /**
   * The window the order already has (the order page): called the customer's, not "Available" as if it were free
   * to book, and still theirs to keep when their own booking is what fills it.
   */
  currentWindowID?: number;
  /**
   * At checkout, the delivery price before a window's difference: each window then shows what its delivery costs
   * (the window is the delivery choice). Without it, only what a window costs more is shown.
   */
  deliveryPrice?: number;
};

/** "7:00 – 9:00 am · $7.95", "5:00 – 7:00 pm · Evening · $10.95"; without a delivery price, "· +$3.00" for extras. */
export function windowLabel(w: DeliveryWindow, deliveryPrice?: number): string {
  const price =
    deliveryPrice === undefined
      ? w.priceDelta > 0
        ? ` · +${formatMoney(w.priceDelta)}`
        : ''
      : ` · ${describeDeliveryPrice(deliveryPrice + w.priceDelta)}`;
  return `${windowTimes(w.startsAt, w.endsAt)}${w.label ? ` · ${w.label}` : ''}${price}`;
}

/** A window's delivery price as checkout charges it: never below nothing. */
function describeDeliveryPrice(cents: number): string {
  return cents <= 0 ? 'Free delivery' : formatMoney(cents);
}

/**
 * The delivery window picker: a strip of the week's days, then the chosen day's windows with what is left; full
 * ones are shown, and cannot be picked.
 */
export function DeliveryWindowPicker({
  addressID,
  value,
  onChange,
  onWindow,
  filter,
  reloadKey = 0,
  currentWindowID,
  deliveryPrice,
}: Props) {
  const load = useCallback(() => fetchDeliveryWindows(addressID), [addressID]);
  const windows = useRemoteData(load);
  const [day, setDay] = useState<string | null>(null);
  // Inside a Form.Item both groups would take its field's name, and the browser would make them one group of radios
  // (one Tab stop): the windows could not be reached from the keyboard.
  const groupName = useId();
  const [stripRef, strip] = useScrollEdges();
  const { reload } = windows;

  useEffect(() => {
    if (reloadKey > 0) reload();
  }, [reloadKey, reload]);

  const data: DeliveryWindows | null = windows.data;
  const days = (data?.days ?? [])
    .map((d) => ({ ...d, windows: filter ? d.windows.filter(filter) : d.windows }))
    .filter((d) => d.windows.length > 0);
  const chosen = days.flatMap((d) => d.windows).find((w) => w.windowID === value) ?? null;

  useEffect(() => {
    if (!data) return;
    onWindow?.(chosen, data.required);
    // A window that is gone (full, closed, another address) is no longer a choice.
    if (value !== undefined && (!chosen || isClosed(chosen, currentWindowID))) onChange?.(undefined);
  }, [data, chosen, value, onChange, onWindow, currentWindowID]);

  if (!data) {
    return windows.status === 'failed' ? (
      <Alert
        type="error"
        showIcon
        title="Delivery windows could not be loaded"
        description={windows.error}
        action={
          <Button size="small" onClick={windows.reload} data-testid="windows-retry">
            Try again
          </Button>
        }
        data-testid="windows-error"
      />
    ) : (
      <Skeleton active paragraph={{ rows: 3 }} data-testid="windows-loading" />
    );
  }
  if (!data.required) {
    return (
      <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="windows-courier">
        This address is delivered by courier: there is no delivery window to choose.
      </Typography.Paragraph>
    );
  }
  if (days.length === 0) {
    return (
      <Alert
        type="warning"
        showIcon
        title="No delivery window is free this week"
        description="Every window is booked. Please try again later."
        data-testid="windows-empty"
      />
    );
  }

  const today = storeToday();
  const shownDay = days.find((d) => d.date === (day ?? (chosen ? dayOf(days, chosen) : null))) ?? days[0];
  return (
    <div className="window-picker" data-testid="window-picker">
      {/* On a phone the week is wider than the screen: a fade at each edge with more beyond it, and an arrow at the
          right while days are hidden there, say the strip scrolls; drawn over it, they move nothing. */}
      <div
        className="window-picker__strip"
        data-more-before={strip.isMoreBefore || undefined}
        data-more-after={strip.isMoreAfter || undefined}
        data-testid="window-days"
      >
        <Radio.Group
          ref={stripRef}
          className="window-picker__days"
          name={`${groupName}-day`}
          optionType="button"
          value={shownDay?.date}
          onChange={(e) => setDay(String(e.target.value))}
          aria-label="Delivery day"
        >
          {days.map((d) => {
            const label = dayLabel(d.date, today);
            return (
              <Radio.Button key={d.date} value={d.date} data-testid={`window-day-${d.date}`}>
                <span className="window-picker__day-top">{label.top}</span>
                <span className="window-picker__day-bottom">{label.bottom}</span>
              </Radio.Button>
            );
          })}
        </Radio.Group>
        {strip.isMoreAfter && (
          <span className="window-picker__more" aria-hidden="true" data-testid="window-days-more">
            <RightOutlined />
          </span>
        )}
      </div>
      {shownDay?.windows[0] && (
        <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }} data-testid="window-zone">
          Times are {windowZone(shownDay.windows[0].startsAt)}.
        </Typography.Paragraph>
      )}
      <Radio.Group
        className="window-picker__windows"
        name={`${groupName}-window`}
        value={value}
        onChange={(e) => onChange?.(Number(e.target.value))}
        aria-label="Delivery window"
      >
        {shownDay?.windows.map((w) => (
          <Radio
            key={w.windowID}
            value={w.windowID}
            disabled={isClosed(w, currentWindowID)}
            className="window-picker__window"
            data-testid={`window-${w.windowID}`}
          >
            <span>{windowLabel(w, deliveryPrice)}</span>
            <span className="window-picker__left">{availability(w, currentWindowID)}</span>
          </Radio>
        ))}
      </Radio.Group>
    </div>
  );
}

/** A full window cannot be picked, unless it is the one the order has (its own booking may be what fills it). */
function isClosed(w: DeliveryWindow, currentWindowID: number | undefined): boolean {
  return w.isFull && w.windowID !== currentWindowID;
}

function availability(w: DeliveryWindow, currentWindowID: number | undefined): string {
  if (w.windowID === currentWindowID) return 'Your window';
  if (w.isFull) return 'Full';
  return w.remaining <= 3 ? `${w.remaining} left` : 'Available';
}

function dayOf(days: { date: string; windows: DeliveryWindow[] }[], w: DeliveryWindow): string | null {
  return days.find((d) => d.windows.some((x) => x.windowID === w.windowID))?.date ?? null;
}
