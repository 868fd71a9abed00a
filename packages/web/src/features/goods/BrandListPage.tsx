import { useState } from 'react';
import { Button, Card, Empty, Flex, Form, Image, Input, Modal, Popconfirm, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { brandBody, type BrandRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ImageUpload } from '@/components/ImageUpload';
import { formatUnixTime } from '@/components/formatTime';
import { readPaging, urlPagination, useSearchState } from '@/components/useSearchState';
import { zodRule } from '@/components/zodRule';
import { toast } from '@/lib/feedback';
import { useBrandList, useDeleteBrands, useSaveBrand, type BrandListParams } from './queries';

const ignore = () => undefined;

interface BrandForm {
  name: string;
  logo: string;
  enabled: boolean;
}

function BrandDialog({ brand, onClose }: { brand: BrandRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BrandForm>();
  const save = useSaveBrand();
  const submit = (values: BrandForm) =>
    save
      .mutateAsync({ id: brand?.brand_id, input: { name: values.name.trim(), logo: values.logo, disabled: values.enabled ? 0 : 1 } })
      .then(() => {
        toast.success(t('goods.brands.saved'));
        onClose();
      })
      .catch(ignore);
  return (
    <Modal
      open
      title={brand ? t('goods.brands.edit') : t('goods.brands.add')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<BrandForm>
        form={form}
        layout="vertical"
        initialValues={{ name: brand?.name ?? '', logo: brand?.logo ?? '', enabled: brand ? brand.disabled === 0 : true }}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('goods.brands.name')} rules={[{ required: true, whitespace: true, message: t('goods.brands.nameRequired') }, zodRule(brandBody.shape.name)]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="logo" label={t('goods.brands.logo')} rules={[{ required: true, message: t('goods.brands.logoRequired') }]} extra={t('goods.brands.logoHint')}>
          <ImageUpload scene="brand" />
        </Form.Item>
        <Form.Item name="enabled" label={t('goods.brands.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Brands (DOMAIN §2.3): name, required logo; delete one or many, refused while categories or goods use them. */
export default function BrandListPage() {
  const { t } = useTranslation();
  const search = useSearchState();
  const params: BrandListParams = { ...readPaging(search), name: search.readString('name') };
  const list = useBrandList(params);
  const remove = useDeleteBrands();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<BrandRow | null | undefined>(undefined);

  const deleteBrands = (ids: number[]) =>
    remove
      .mutateAsync(ids)
      .then(() => {
        toast.success(t('goods.brands.deleted'));
        setSelected((current) => current.filter((id) => !ids.includes(id)));
        if (list.data && ids.length >= list.data.data.length && params.page_no > 1) search.update({ page: params.page_no - 1 });
      })
      .catch(ignore);

  const columns: TableColumnsType<BrandRow> = [
    {
      title: t('goods.brands.logo'),
      dataIndex: 'logo',
      width: 120,
      render: (logo: string, brand) => <Image src={logo} alt={brand.name} width={80} height={40} style={{ objectFit: 'contain' }} />,
    },
    { title: t('goods.brands.name'), dataIndex: 'name' },
    {
      title: t('goods.brands.enabled'),
      dataIndex: 'disabled',
      width: 100,
      render: (disabled: number) => (disabled ? <Typography.Text type="secondary">{t('goods.brands.off')}</Typography.Text> : t('goods.brands.on')),
    },
    { title: t('goods.columns.createTime'), dataIndex: 'create_time', width: 180, render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 150,
      render: (_v, brand) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(brand)}>
            {t('common.actions.edit')}
          </Button>
          <Popconfirm title={t('goods.brands.confirmDelete', { count: 1 })} onConfirm={() => deleteBrands([brand.brand_id])}>
            <Button type="link" size="small" danger>
              {t('common.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch
          value={params.name}
          placeholder={t('goods.brands.name')}
          onSearch={(name) => {
            setSelected([]);
            search.update({ name, page: undefined });
          }}
        />
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('goods.brands.add')}
        </Button>
        <Popconfirm title={t('goods.brands.confirmDelete', { count: selected.length })} disabled={selected.length === 0} onConfirm={() => deleteBrands(selected)}>
          <Button danger disabled={selected.length === 0}>
            {t('goods.brands.batchDelete')}
          </Button>
        </Popconfirm>
        {selected.length > 0 && <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>{t('goods.selected', { count: selected.length })}</Typography.Text>}
      </Flex>
      <Table<BrandRow>
        rowKey="brand_id"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        locale={{ emptyText: <Empty description={t('goods.brands.empty')} /> }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={urlPagination(search, params, list.data?.data_total, (total) => t('goods.total', { total }), () => setSelected([]))}
      />
      {editing !== undefined && <BrandDialog brand={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
