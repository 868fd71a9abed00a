import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { modal } from '@/lib/feedback';
import { useTwoStep } from '@/components/TwoStepDialog';
import type { SettingsTabProps } from './SettingsForm';
import { SiteSettingsTab } from './SiteSettingsTab';
import { PointSettingsTab } from './PointSettingsTab';
import { AccountSettingsTab } from './AccountSettingsTab';
import { NewComerCouponTab } from './NewComerCouponTab';
import { OrderSettingsTab } from './OrderSettingsTab';

const TABS = ['site', 'order', 'point', 'account', 'coupon'] as const;
type Tab = (typeof TABS)[number];

const CONTENT: Record<Tab, ComponentType<SettingsTabProps>> = {
  site: SiteSettingsTab,
  order: OrderSettingsTab,
  point: PointSettingsTab,
  account: AccountSettingsTab,
  coupon: NewComerCouponTab,
};

const isTab = (value: string | undefined): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/**
 * /setting/system-params/system (DOMAIN §2.29): site, orders (§1.6), points, account security and new-member
 * coupons, one form each. The open tab is in the URL; leaving a tab with unsaved changes asks first.
 */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') ?? undefined;
  const active: Tab = isTab(requested) ? requested : 'site';
  const { attempt, dialog } = useTwoStep();
  const [dirty, setDirty] = useState<Tab | null>(null);
  // Only the open tab's form exists (hidden tabs are dropped), so only it can hold changes.
  const unsaved = dirty === active ? dirty : null;

  // The browser asks too before a reload or close throws the changes away.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const open = useCallback(
    (tab: Tab) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        if (tab === 'site') next.delete('tab');
        else next.set('tab', tab);
        return next;
      }),
    [setSearch],
  );

  const change = (next: string) => {
    if (!isTab(next) || next === active) return;
    if (!unsaved) return open(next);
    modal().confirm({
      title: t('settings.unsaved.title'),
      content: t('settings.unsaved.content', { name: t(`settings.tabs.${unsaved}`) }),
      okText: t('settings.unsaved.leave'),
      okButtonProps: { danger: true },
      cancelText: t('settings.unsaved.stay'),
      onOk: () => {
        // The left tab's form is dropped with its changes (tabs are not kept when hidden).
        setDirty(null);
        open(next);
      },
    });
  };

  const onDirtyChange = useMemo(
    () => Object.fromEntries(TABS.map((tab) => [tab, (isDirty: boolean) => setDirty((current) => (isDirty ? tab : current === tab ? null : current))])) as Record<Tab, (dirty: boolean) => void>,
    [],
  );

  return (
    <Card>
      <Tabs
        activeKey={active}
        onChange={change}
        destroyOnHidden
        items={TABS.map((tab) => {
          const Content = CONTENT[tab];
          return { key: tab, label: t(`settings.tabs.${tab}`), children: <Content attempt={attempt} onDirtyChange={onDirtyChange[tab]} /> };
        })}
      />
      {dialog}
    </Card>
  );
}
