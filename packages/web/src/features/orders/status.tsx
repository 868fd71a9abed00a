import { useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_TAGS, ORDER_TAG_KEYS, orderStatusText, type OrderRow, type OrderStatus } from '@agora/contract';

const STATUS_COLORS: Record<OrderStatus, string> = {
  NEW: 'blue',
  INTODB_ERROR: 'red',
  CONFIRM: 'gold',
  PAID_OFF: 'cyan',
  FORMED: 'cyan',
  SHIPPED: 'geekblue',
  ROG: 'purple',
  COMPLETE: 'green',
  CANCELLED: 'default',
  AFTER_SERVICE: 'volcano',
};

/** The status as operators read it (contract `orderStatusText`): 待发货 for a paid online order, and so on. */
export function OrderStatusTag({ order }: { order: Pick<OrderRow, 'order_status' | 'payment_type' | 'order_type'> }) {
  const { t } = useTranslation();
  const label = orderStatusText(order);
  const tag = ORDER_TAG_KEYS.find((key) => ORDER_TAGS[key] === label);
  return <Tag color={STATUS_COLORS[order.order_status]}>{t(tag ? `orders.tags.${tag}` : `orders.status.${order.order_status}`)}</Tag>;
}

const clock = (seconds: number) => {
  const days = Math.floor(seconds / 86_400);
  const rest = new Date((seconds % 86_400) * 1000).toISOString().slice(11, 19);
  return days > 0 ? `${days}d ${rest}` : rest;
};

/**
 * The unpaid online order's cancel countdown (DOMAIN §3.3): `seconds` as the server counted them
 * when the page was read, ticking down from then.
 */
export function CancelCountdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft(Math.max(0, Math.round((deadline - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return (
    <Typography.Text type="warning" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="cancel-countdown">
      {left > 0 ? t('orders.countdown', { time: clock(left) }) : t('orders.countdownDue')}
    </Typography.Text>
  );
}

export const orderDetailPath = (sn: string) => `/order/detail/${encodeURIComponent(sn)}`;
