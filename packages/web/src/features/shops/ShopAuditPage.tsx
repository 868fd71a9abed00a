import { Button, Card, Empty, Flex, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { shopEndpoints, type ShopRow } from '@agora/contract';
import { DayRangeFilter } from '@/components/DayRangeFilter';
import { ExportButton } from '@/components/ExportButton';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ShopDetailDrawer } from './ShopDetailDrawer';
import { ShopTitle } from './ShopTitle';
import { byCreationTime } from './listColumns';
import { useAuditShop } from './queries';

/** The page lists the applications waiting for the platform, whatever the URL says. */
const APPLICATIONS = { shop_disable: 'APPLY' } as const;
/** The page's URL beside the list query: the application being read, the one being refused. */
const ui = { detail: z.coerce.number().int().positive(), refuse: z.coerce.number().int().positive() };

/** Shop applications waiting for the platform (DOMAIN §2.13): found by name or date, opened or refused with a reason, exported. */
export default function ShopAuditPage() {
  const { t } = useTranslation();
  const list = useListPage(shopEndpoints.list, { fixed: APPLICATIONS, ui });
  const { query, filter } = list;
  const pass = useAuditShop(1);
  const refuse = useAuditShop(0);
  const refusing = list.ui.refuse;

  const decisions = (shop: { shop_id: number; shop_name: string }) => (
    <>
      <Popconfirm title={t('shops.confirm.pass', { name: shop.shop_name })} onConfirm={() => pass.mutate({ id: shop.shop_id }, { onSuccess: list.closeUi })}>
        <Button type="link" size="small">
          {t('shops.actions.pass')}
        </Button>
      </Popconfirm>
      <Button type="link" size="small" danger onClick={() => list.openUi({ refuse: shop.shop_id })}>
        {t('shops.actions.refuse')}
      </Button>
    </>
  );

  const columns: ListColumn<ShopRow>[] = [
    { title: t('shops.columns.shop'), key: 'shop', fixed: 'start', render: (_v, shop) => <ShopTitle shop={shop} /> },
    { title: t('shops.columns.member'), dataIndex: 'member_name' },
    { title: t('shops.columns.phone'), dataIndex: 'link_phone', render: (phone: string) => phone || '—' },
    { title: t('shops.columns.region'), dataIndex: 'region', render: (region: string) => region || '—' },
    { title: t('shops.columns.applied'), dataIndex: 'create_time', ...byCreationTime, render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      fixed: 'end',
      render: (_v, shop) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => list.openUi({ detail: shop.shop_id })}>
            {t('shops.actions.view')}
          </Button>
          {decisions(shop)}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <KeywordSearch value={query.keyword} placeholder={t('shops.filters.keyword')} width={260} onSearch={(keyword) => filter({ keyword })} />
        <DayRangeFilter
          start={query.start_time}
          end={query.end_time}
          placeholder={[t('shops.filters.createdFrom'), t('shops.filters.createdTo')]}
          onChange={({ start, end }) => filter({ start_time: start, end_time: end })}
        />
        <ExportButton endpoint={shopEndpoints.auditExport} query={query} style={{ marginLeft: 'auto' }} />
      </Flex>
      <ListTable<ShopRow> list={list} rowKey="shop_id" columns={columns} emptyText={<Empty description={t('shops.auditEmpty')} />} />
      <ShopDetailDrawer shopId={list.ui.detail} onClose={list.closeUi} extra={(shop) => shop.shop_disable === 'APPLY' && <Space size={0}>{decisions(shop)}</Space>} />
      <ReasonDialog
        open={refusing !== undefined}
        title={t('shops.dialogs.refuseTitle')}
        label={t('shops.dialogs.refuseLabel')}
        maxLength={200}
        confirming={refuse.isPending}
        onConfirm={(reason) => refusing !== undefined && refuse.mutate({ id: refusing, remark: reason }, { onSuccess: list.closeUi })}
        onClose={() => list.openUi({ refuse: undefined })}
      />
    </Card>
  );
}
