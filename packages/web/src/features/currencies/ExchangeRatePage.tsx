import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Input, Space, Switch, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currencyEndpoints, rateLookupQuery, type CurrencyRow, type RateLookup } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { api } from '@/lib/api';
import { localizeMsg } from '@/lib/locale';
import { useAutoRate, useDefaultCurrency, useUpdateRates } from './queries';

/** The rate tool: what the rate source quotes for a code against the default now (nothing saved). */
function RateTool({ baseCode }: { baseCode: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState<RateLookup | null>(null);
  const [loading, setLoading] = useState(false);
  const lookUp = async () => {
    const parsed = rateLookupQuery.safeParse({ currency_code: code });
    if (!parsed.success) {
      setError(localizeMsg(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError('');
    setLoading(true);
    try {
      setResult(await api(currencyEndpoints.rate, { query: parsed.data }));
    } catch {
      setResult(null);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card size="small" title={t('currencies.rates.tool')}>
      <Space wrap>
        <Input
          style={{ width: 160 }}
          maxLength={3}
          value={code}
          placeholder={t('currencies.code')}
          aria-label={t('currencies.code')}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          onPressEnter={lookUp}
          status={error ? 'error' : undefined}
        />
        <Button onClick={lookUp} loading={loading}>
          {t('currencies.rates.lookUp')}
        </Button>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        {result && (
          <Typography.Text data-testid="rate-result">
            {t('currencies.rates.quote', { base: result.base_code || baseCode, rate: result.rate, code: result.currency_code })}
            {result.rate_date && <Typography.Text type="secondary">{` (${result.rate_date})`}</Typography.Text>}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/** exchange-rate: each currency's rate against the default, which ones follow the rate source, sync now, and the rate tool. */
export default function ExchangeRatePage() {
  const { t } = useTranslation();
  const list = useListPage(currencyEndpoints.list);
  const base = useDefaultCurrency();
  const sync = useUpdateRates();
  const autoRate = useAutoRate();
  const baseCode = base.data?.currency_code ?? '';

  const columns: ListColumn<CurrencyRow>[] = [
    { title: t('currencies.code'), dataIndex: 'currency_code', render: (code: string) => <Typography.Text strong>{code}</Typography.Text> },
    { title: t('currencies.name'), dataIndex: 'currency_name' },
    {
      title: t('currencies.rates.per', { base: baseCode }),
      dataIndex: 'rate',
      align: 'right',
      render: (rate: string, row) => <Typography.Text code>{`${row.currency_symbol} ${rate}`}</Typography.Text>,
    },
    {
      title: t('currencies.autoRate'),
      key: 'auto_rate',
      render: (_v, row) => (
        <Switch
          size="small"
          checked={row.auto_rate === 1}
          disabled={row.is_default === 1}
          aria-label={t('currencies.autoRate')}
          onChange={(on) => autoRate.mutate({ params: { id: row.id }, body: { auto_rate: on ? 1 : 0 } })}
        />
      ),
    },
    { title: t('currencies.rateTime'), dataIndex: 'rate_update_time', render: formatUnixTime },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        {base.data && (
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('currencies.default')}>{`${base.data.currency_name} (${base.data.currency_code}) ${base.data.currency_symbol}`}</Descriptions.Item>
          </Descriptions>
        )}
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('currencies.rates.hint')} />
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate({})}>
            {t('currencies.rates.sync')}
          </Button>
        </Flex>
        <ListTable<CurrencyRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('currencies.empty')} />} />
      </Card>
      <RateTool baseCode={baseCode} />
    </Flex>
  );
}
