import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SHOP_NAME_MAX, shopName, type ShopAddInput } from '@agora/contract';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { zodRule } from '@/components/zodRule';
import { toast } from '@/lib/feedback';
import { useAddShop, useShopMembers } from './queries';

const ignore = () => undefined;

/**
 * /shop/shop-add: the operator opens a shop for an existing member. It opens at once; the
 * company, licence and bank details are completed on the edit page it leads to.
 */
export default function ShopAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ShopAddInput>();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const members = useShopMembers(keyword);
  const add = useAddShop();

  const submit = (values: ShopAddInput) =>
    add
      .mutateAsync({ ...values, shop_name: values.shop_name.trim() })
      .then(({ shop_id }) => {
        toast.success(t('shops.messages.added'));
        navigate(`/shop/edit/${shop_id}`);
      })
      .catch(ignore);

  return (
    <Card title={t('shops.add.title')}>
      <Typography.Paragraph type="secondary">{t('shops.add.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ commission_rate: 5, self_operated: 0 }} onFinish={(values) => void submit(values)} disabled={add.isPending}>
        <Form.Item name="member_id" label={t('shops.add.member')} rules={[{ required: true, message: t('shops.add.memberRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setTyped }}
            loading={members.isFetching}
            placeholder={t('shops.add.memberPlaceholder')}
            notFoundContent={t('shops.add.noMember')}
            options={members.data?.map((member) => ({
              value: member.member_id,
              disabled: member.have_shop === 1,
              label: (
                <Space>
                  <span>{member.uname}</span>
                  <Typography.Text type="secondary">{member.mobile}</Typography.Text>
                  {member.have_shop === 1 && <Typography.Text type="warning">{t('shops.add.hasShop')}</Typography.Text>}
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="shop_name"
          label={t('shops.fields.shop_name')}
          rules={[{ required: true, whitespace: true, message: t('shops.fields.required', { label: t('shops.fields.shop_name') }) }, zodRule(shopName)]}
        >
          <Input maxLength={SHOP_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="commission_rate" label={t('shops.fields.commission_rate')} rules={[{ required: true, message: t('shops.fields.required', { label: t('shops.fields.commission_rate') }) }]}>
          <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="self_operated" label={t('shops.fields.self_operated')}>
          <Radio.Group options={[{ value: 1, label: t('shops.yes') }, { value: 0, label: t('shops.no') }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('shops.add.submit')}
          </Button>
          <Button onClick={() => navigate('/shop/shop-list')}>{t('common.actions.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
