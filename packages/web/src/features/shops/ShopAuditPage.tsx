import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopRow } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ReasonDialog } from '@/components/ReasonDialog';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { toast } from '@/lib/feedback';
import { ShopDetailDrawer } from './ShopDetailDrawer';
import { ShopTitle } from './ShopListPage';
import { useAuditShop, useShops, type ShopListParams } from './queries';

const ignore = () => undefined;

/** Shop applications waiting for the platform (DOMAIN §2.13): open the shop, or refuse with a reason. */
export default function ShopAuditPage() {
  const { t } = useTranslation();
  const search = useSearchState();
  const params: ShopListParams = { ...readPaging(search), shop_disable: 'APPLY' };
  const list = useShops(params);
  const audit = useAuditShop();
  const [refusing, setRefusing] = useState<ShopRow | null>(null);
  const [viewing, setViewing] = useState<ShopRow | null>(null);

  const decide = (shop: ShopRow, pass: 0 | 1, remark = '') =>
    audit
      .mutateAsync({ id: shop.shop_id, pass, remark })
      .then(() => {
        toast.success(t(pass ? 'shops.messages.passed' : 'shops.messages.refused'));
        setRefusing(null);
        setViewing(null);
      })
      .catch(ignore);

  const decisions = (shop: ShopRow) => (
    <>
      <Popconfirm title={t('shops.confirm.pass', { name: shop.shop_name })} onConfirm={() => decide(shop, 1)}>
        <Button type="link" size="small">
          {t('shops.actions.pass')}
        </Button>
      </Popconfirm>
      <Button type="link" size="small" danger onClick={() => setRefusing(shop)}>
        {t('shops.actions.refuse')}
      </Button>
    </>
  );

  const columns: TableColumnsType<ShopRow> = [
    { title: t('shops.columns.shop'), key: 'shop', render: (_v, shop) => <ShopTitle shop={shop} /> },
    { title: t('shops.columns.member'), dataIndex: 'member_name', width: 130 },
    { title: t('shops.columns.phone'), dataIndex: 'link_phone', width: 140 },
    { title: t('shops.columns.region'), dataIndex: 'region', width: 180 },
    { title: t('shops.columns.applied'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 170,
      fixed: 'end',
      render: (_v, shop) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(shop)}>
            {t('shops.actions.view')}
          </Button>
          {decisions(shop)}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Table<ShopRow>
        rowKey="shop_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description={t('shops.auditEmpty')} /> }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('shops.total', { total }))}
      />
      <ShopDetailDrawer shopId={viewing?.shop_id ?? null} onClose={() => setViewing(null)} extra={viewing && <Space size={0}>{decisions(viewing)}</Space>} />
      <ReasonDialog
        open={refusing !== null}
        title={t('shops.dialogs.refuseTitle')}
        label={t('shops.dialogs.refuseLabel')}
        maxLength={200}
        confirming={audit.isPending}
        onConfirm={(reason) => refusing && decide(refusing, 0, reason)}
        onClose={() => setRefusing(null)}
      />
    </Card>
  );
}
