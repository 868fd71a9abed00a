import { Button, Card, Empty, Flex, Select, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { currencyEndpoints, idOf, type CurrencyRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { usePermissions } from '@/lib/permissions';
import { CurrencyFormDialog } from './CurrencyFormDialog';
import { useAutoRate, useDefaultCurrency, useDeleteCurrency, useEnableCurrency } from './queries';

const ui = { edit: z.union([z.literal('new'), idOf()]) };

/** currency: the currencies by sort; the default one (rate 1) can be neither switched off nor deleted. */
export default function CurrencyListPage() {
  const { t } = useTranslation();
  const { hasPermission } = usePermissions();
  const list = useListPage(currencyEndpoints.list, { ui });
  const base = useDefaultCurrency();
  const enable = useEnableCurrency();
  const remove = useDeleteCurrency();
  const autoRate = useAutoRate();
  const baseCode = base.data?.currency_code ?? '';
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;

  const columns: ListColumn<CurrencyRow>[] = [
    { title: t('currencies.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    { title: t('currencies.code'), dataIndex: 'currency_code', render: (code: string) => <Typography.Text strong>{code}</Typography.Text> },
    {
      title: t('currencies.name'),
      key: 'name',
      render: (_v, row) => (
        <Space size={4}>
          {row.currency_name}
          {row.is_default === 1 && <Tag color="gold">{t('currencies.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('currencies.symbol'), dataIndex: 'currency_symbol' },
    { title: t('currencies.rate'), dataIndex: 'rate', align: 'right', render: (rate: string) => <Typography.Text code>{rate}</Typography.Text> },
    {
      title: t('currencies.autoRate'),
      key: 'auto_rate',
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.auto_rate === 1}
          disabled={row.is_default === 1 || !hasPermission('exchangeRate')}
          aria-label={t('currencies.autoRate')}
          onChange={(on) => autoRate.mutate({ params: { id: row.id }, body: { auto_rate: on ? 1 : 0 } })}
        />
      ),
    },
    { title: t('currencies.rateTime'), dataIndex: 'rate_update_time', render: formatUnixTime },
    {
      title: t('currencies.enable'),
      key: 'enable',
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.enable === 1}
          disabled={row.is_default === 1}
          aria-label={t('currencies.enable')}
          onChange={(on) => enable.mutate({ params: { id: row.id }, query: { enable: on ? 1 : 0 } })}
        />
      ),
    },
    actionColumn<CurrencyRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      row.is_default !== 1 && {
        label: t('common.actions.delete'),
        danger: true,
        confirm: t('currencies.confirmDelete', { code: row.currency_code }),
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={20} placeholder={t('currencies.keyword')} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('currencies.enable')}
          value={list.query.enable}
          onChange={(value?: number) => list.filter({ enable: value })}
          options={[
            { value: 1, label: t('currencies.on') },
            { value: 0, label: t('currencies.off') },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('currencies.add')}
        </Button>
        {baseCode && <Typography.Text type="secondary">{t('currencies.baseHint', { code: baseCode })}</Typography.Text>}
      </Flex>
      <ListTable<CurrencyRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('currencies.empty')} />} />
      {edit === 'new' && <CurrencyFormDialog currency={null} baseCode={baseCode} onClose={list.closeUi} />}
      {edited && <CurrencyFormDialog key={edited.id} currency={edited} baseCode={baseCode} onClose={list.closeUi} />}
    </Card>
  );
}
