import { Button, Card, Empty, Flex, Form, Image, Input, Popconfirm, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { brandBody, brandEndpoints, idOf, type BrandRow } from '@agora/contract';
import { KeywordSearch } from '@/components/KeywordSearch';
import { ImageUpload } from '@/components/ImageUpload';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { useListPage } from '@/components/list/useListPage';
import { useRowSelection } from '@/components/list/useRowSelection';
import { zodRule } from '@/components/zodRule';
import { useBrand, useCreateBrand, useDeleteBrands, useUpdateBrand } from './queries';

/** The page's URL beside the list query: the brand dialog, for a new brand or the brand edited. */
const ui = { edit: z.union([z.literal('new'), idOf()]) };

interface BrandForm {
  name: string;
  logo: string;
  enabled: boolean;
}

function BrandDialog({ brand, onClose }: { brand: BrandRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BrandForm>();
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const { pending, save } = saveWith(create, update);
  const submit = (values: BrandForm) =>
    save(brand?.brand_id, { name: values.name.trim(), logo: values.logo, disabled: values.enabled ? 0 : 1 }, onClose);
  return (
    <FormDialog<BrandForm>
      title={brand ? t('goods.brands.edit') : t('goods.brands.add')}
      form={form}
      pending={pending}
      onClose={onClose}
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
    </FormDialog>
  );
}

/** Brands (DOMAIN §2.3): name, required logo; delete one or many, refused while categories or goods use them. */
export default function BrandListPage() {
  const { t } = useTranslation();
  const list = useListPage(brandEndpoints.list, { ui });
  const selection = useRowSelection(list);
  const remove = useDeleteBrands();
  const { edit } = list.ui;
  const editedId = typeof edit === 'number' ? edit : undefined;
  const listed = list.rows.find((brand) => brand.brand_id === editedId);
  // A shared link or a refresh may name a brand of another page: it is read on its own.
  const fetched = useBrand(listed || editedId === undefined ? undefined : editedId);
  const edited = listed ?? fetched.data;

  const deleteBrands = (ids: number[]) =>
    remove.mutate(
      { params: { ids } },
      {
        onSuccess: () => {
          selection.drop(ids);
          list.removed(ids.length);
        },
      },
    );

  const columns: ListColumn<BrandRow>[] = [
    {
      title: t('goods.brands.logo'),
      dataIndex: 'logo',
      render: (logo: string, brand) => <Image src={logo} alt={brand.name} width={80} height={40} style={{ objectFit: 'contain' }} />,
    },
    { title: t('goods.brands.name'), dataIndex: 'name' },
    {
      title: t('goods.brands.enabled'),
      dataIndex: 'disabled',
      render: (disabled: number) => (disabled ? <Typography.Text type="secondary">{t('goods.brands.off')}</Typography.Text> : t('goods.brands.on')),
    },
    { title: t('goods.columns.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<BrandRow>(t('common.actions.operation'), (brand) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: brand.brand_id }) },
      { label: t('common.actions.delete'), danger: true, confirm: t('goods.brands.confirmDelete', { count: 1 }), onClick: () => deleteBrands([brand.brand_id]) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.name} maxLength={50} placeholder={t('goods.brands.name')} onSearch={(name) => list.filter({ name })} />
        <Button type="primary" onClick={() => list.openUi({ edit: 'new' })}>
          {t('goods.brands.add')}
        </Button>
        <Popconfirm
          title={t('goods.brands.confirmDelete', { count: selection.selected.length })}
          disabled={selection.selected.length === 0}
          onConfirm={() => deleteBrands(selection.selected)}
        >
          <Button danger disabled={selection.selected.length === 0}>
            {t('goods.brands.batchDelete')}
          </Button>
        </Popconfirm>
        {selection.selected.length > 0 && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {t('goods.selected', { count: selection.selected.length })}
          </Typography.Text>
        )}
      </Flex>
      <ListTable<BrandRow>
        list={list}
        rowKey="brand_id"
        columns={columns}
        emptyText={<Empty description={t('goods.brands.empty')} />}
        rowSelection={{ selectedRowKeys: selection.selected, onChange: selection.onChange }}
      />
      {edit === 'new' && <BrandDialog brand={null} onClose={list.closeUi} />}
      {edited && <BrandDialog key={edited.brand_id} brand={edited} onClose={list.closeUi} />}
    </Card>
  );
}
