import type { ReactNode } from 'react';
import { Descriptions, Drawer, Empty, Image, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopDetail } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { formatYuan } from '@/components/formatMoney';
import { useShop } from './queries';
import { SHOP_STATUS_COLORS } from './status';

type Field = keyof ShopDetail;

const SECTIONS: { key: string; fields: Field[]; images?: Field[] }[] = [
  { key: 'basic', fields: ['shop_name', 'member_name', 'region', 'address', 'description', 'commission_rate'], images: ['logo', 'banner'] },
  {
    key: 'company',
    fields: ['company_name', 'company_address', 'company_phone', 'company_email', 'employee_num', 'reg_money', 'link_name', 'link_phone', 'legal_name', 'legal_id', 'license_num', 'license_region', 'license_address', 'establish_date', 'licence_start', 'licence_end', 'scope'],
    images: ['legal_img', 'licence_img'],
  },
  { key: 'bank', fields: ['bank_account_name', 'bank_number', 'bank_name', 'bank_region'], images: ['bank_img'] },
];

/**
 * Everything a shop or its application holds, read-only: what the auditor checks before deciding
 * and what the shop list previews. Open while `shopId` is set (the page keeps it in its URL);
 * `extra` gives the caller's actions on the loaded shop (pass / refuse).
 */
export function ShopDetailDrawer({ shopId, onClose, extra }: { shopId: number | undefined; onClose(): void; extra?(shop: ShopDetail): ReactNode }) {
  const { t } = useTranslation();
  const shop = useShop(shopId);
  const data = shopId !== undefined && shop.data?.shop_id === shopId ? shop.data : undefined;
  const value = (field: Field) => {
    const raw = data?.[field];
    if (field === 'commission_rate') return `${raw as number}%`;
    if (field === 'reg_money') return raw ? `${raw as number} ${t('shops.tenThousandYuan')}` : '—';
    if (field === 'member_name') return raw as string;
    return raw === '' || raw === null || raw === undefined || raw === 0 ? '—' : String(raw);
  };
  return (
    <Drawer open={shopId !== undefined} size="large" title={data?.shop_name ?? t('shops.tabs.details')} onClose={onClose} extra={data && extra?.(data)} destroyOnHidden>
      {shop.isError ? (
        <Empty description={t('shops.notFound')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={SHOP_STATUS_COLORS[data.shop_disable]}>{t(`shops.status.${data.shop_disable}`)}</Tag>
            <Typography.Text type="secondary">
              {t('shops.columns.applied')}: {formatUnixTime(data.create_time)}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('shops.margin.remaining')}: {formatYuan(data.remaining_margin)}
            </Typography.Text>
          </Space>
          {data.audit_remark && <Typography.Text type="warning">{t('shops.refusedBecause', { reason: data.audit_remark })}</Typography.Text>}
          {SECTIONS.map((section) => (
            <Descriptions key={section.key} title={t(`shops.tabs.${section.key}`)} bordered size="small" column={1}>
              {section.fields.map((field) => (
                <Descriptions.Item key={field} label={field === 'member_name' ? t('shops.columns.member') : t(`shops.fields.${field}`)}>
                  {value(field)}
                </Descriptions.Item>
              ))}
              {section.images?.map((field) => (
                <Descriptions.Item key={field} label={t(`shops.fields.${field}`)}>
                  {data[field] ? <Image src={data[field] as string} height={80} alt="" /> : '—'}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
