import { Button, Card, Empty, Flex, Form, Image, Input, Radio, Segmented, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { idOf, THEME_LIMITS, THEME_TYPES, themeEditBody, themeEndpoints, type ThemeRow, type ThemeType } from '@agora/contract';
import { formatUnixTime } from '@/components/formatTime';
import { ImageUpload } from '@/components/ImageUpload';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { useApiMutation } from '@/lib/api';

const ui = { edit: z.union([z.literal('new'), idOf()]) };

interface ThemeForm {
  name: string;
  mark: string;
  image: string;
  type: ThemeType;
  is_default: boolean;
}

function ThemeDialog({ theme, type, onClose }: { theme: ThemeRow | null; type: ThemeType; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ThemeForm>();
  const create = useApiMutation(themeEndpoints.create, { success: 'themes.saved' });
  const update = useApiMutation(themeEndpoints.update, { success: 'themes.saved' });
  const { pending, save } = saveWith(create, update);
  const submit = (values: ThemeForm) => {
    const fields = { name: values.name, mark: values.mark, image: values.image };
    if (theme) save(theme.id, fields, onClose);
    else create.mutate({ body: { ...fields, type: values.type, is_default: values.is_default ? 1 : 0 } }, { onSuccess: onClose });
  };
  return (
    <FormDialog<ThemeForm>
      title={theme ? t('themes.edit') : t('themes.add')}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{ name: theme?.name ?? '', mark: theme?.mark ?? '', image: theme?.image ?? '', type: theme?.type ?? type, is_default: false }}
      onFinish={submit}
    >
      <Form.Item name="type" label={t('themes.type')} extra={theme ? t('themes.typeFixed') : undefined}>
        <Radio.Group disabled={theme !== null} options={THEME_TYPES.map((value) => ({ value, label: value }))} />
      </Form.Item>
      <Form.Item name="name" label={t('themes.name')} rules={[{ required: true, whitespace: true, message: t('themes.nameRequired') }, zodRule(themeEditBody.shape.name)]}>
        <Input maxLength={THEME_LIMITS.name} autoFocus />
      </Form.Item>
      <Form.Item name="mark" label={t('themes.mark')} extra={t('themes.markHint')} rules={[{ required: true, whitespace: true, message: t('themes.markRequired') }, zodRule(themeEditBody.shape.mark)]}>
        <Input maxLength={THEME_LIMITS.mark} />
      </Form.Item>
      <Form.Item name="image" label={t('themes.image')} rules={[{ required: true, message: t('themes.imageRequired') }]}>
        <ImageUpload scene="theme" />
      </Form.Item>
      {!theme && (
        <Form.Item name="is_default" label={t('themes.isDefault')} valuePropName="checked" extra={t('themes.defaultHint')}>
          <Switch />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** Shop themes (DOMAIN §2.13): PC and WAP templates, one default of each that approved shops open with. */
export default function ShopThemesPage() {
  const { t } = useTranslation();
  const list = useListPage(themeEndpoints.list, { ui });
  const makeDefault = useApiMutation(themeEndpoints.makeDefault, { success: 'themes.defaultSet' });
  const remove = useApiMutation(themeEndpoints.remove, { success: 'themes.deleted' });
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.id === edit) : undefined;

  const columns: ListColumn<ThemeRow>[] = [
    { title: t('themes.image'), dataIndex: 'image', render: (image: string, row) => <Image src={image} alt={row.name} width={96} height={48} style={{ objectFit: 'contain' }} /> },
    {
      title: t('themes.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{name}</Typography.Text>
          {row.is_default === 1 && <Tag color="blue">{t('themes.defaultTag')}</Tag>}
        </Flex>
      ),
    },
    { title: t('themes.mark'), dataIndex: 'mark' },
    { title: t('themes.type'), dataIndex: 'type' },
    { title: t('themes.shopCount'), dataIndex: 'shop_count' },
    { title: t('themes.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<ThemeRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.id }) },
      row.is_default === 0 && {
        label: t('themes.makeDefault'),
        confirm: t('themes.confirmDefault', { name: row.name, type: row.type }),
        onClick: () => makeDefault.mutate({ params: { id: row.id } }),
      },
      {
        label: t('common.actions.delete'),
        danger: true,
        disabledReason: row.is_default ? t('themes.defaultLocked') : row.shop_count > 0 ? t('themes.inUse', { count: row.shop_count }) : undefined,
        confirm: t('themes.confirmDelete', { name: row.name }),
        onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }),
      },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented<ThemeType | 'ALL'>
          value={list.query.type ?? 'ALL'}
          onChange={(value) => list.filter({ type: value === 'ALL' ? undefined : value })}
          options={[{ value: 'ALL', label: t('themes.all') }, ...THEME_TYPES.map((value) => ({ value, label: value }))]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('themes.add')}
        </Button>
      </Flex>
      <ListTable<ThemeRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('themes.empty')} />} />
      {edit === 'new' && <ThemeDialog theme={null} type={list.query.type ?? 'PC'} onClose={list.closeUi} />}
      {edited && <ThemeDialog key={edited.id} theme={edited} type={edited.type} onClose={list.closeUi} />}
    </Card>
  );
}
