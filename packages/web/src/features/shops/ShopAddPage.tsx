import { useState } from 'react';
import { Avatar, Button, Card, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SHOP_NAME_MAX, shopEndpoints, shopName, type ShopAddInput, type ShopMemberOption } from '@agora/contract';
import { MemberPicker } from '@/components/pickers/MemberPicker';
import { zodRule } from '@/components/zodRule';
import { useAddShop } from './queries';

/** The shop's owner: the member chosen in the member picker (single choice), over the shop-add role's own list. */
function OwnerField({ id, value, onChange }: { id?: string; value?: number; onChange?(memberId: number | undefined): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ShopMemberOption>();
  const shown = chosen && chosen.member_id === value ? chosen : undefined;
  return (
    <Space>
      {shown ? (
        <Space data-testid="chosen-member">
          <Avatar src={shown.face || undefined} icon={<UserOutlined />} size="small" />
          <Typography.Text strong>{shown.uname}</Typography.Text>
          <Typography.Text type="secondary">{shown.mobile}</Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('shops.add.memberPlaceholder')}</Typography.Text>
      )}
      <Button id={id} onClick={() => setOpen(true)}>
        {t('shops.add.choose')}
      </Button>
      <MemberPicker<ShopMemberOption>
        open={open}
        endpoint={shopEndpoints.members}
        limit={1}
        value={shown ? [shown] : []}
        unavailable={(member) => (member.have_shop === 1 ? t('shops.add.hasShop') : null)}
        onCancel={() => setOpen(false)}
        onConfirm={([member]) => {
          setOpen(false);
          setChosen(member);
          onChange?.(member?.member_id);
        }}
      />
    </Space>
  );
}

/**
 * /shop/shop-add: the operator opens a shop for an existing member. It opens at once; the
 * company, licence and bank details are completed on the edit page it leads to.
 */
export default function ShopAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ShopAddInput>();
  const add = useAddShop();

  const submit = (values: ShopAddInput) => add.mutate({ body: { ...values, shop_name: values.shop_name.trim() } }, { onSuccess: ({ shop_id }) => navigate(`/shop/edit/${shop_id}`) });

  return (
    <Card title={t('shops.add.title')}>
      <Typography.Paragraph type="secondary">{t('shops.add.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ commission_rate: 5, self_operated: 0 }} onFinish={submit} disabled={add.isPending}>
        <Form.Item name="member_id" label={t('shops.add.member')} rules={[{ required: true, message: t('shops.add.memberRequired') }]}>
          <OwnerField />
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
