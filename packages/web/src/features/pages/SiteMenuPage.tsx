import { Button, Card, Empty, Flex, Form, Image, Input, InputNumber, Segmented, Switch, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NAV_CLIENT_TYPES, NAV_NAME_MAX, NAV_SORT_MAX, NAV_URL_MAX, idOf, navigationEndpoints, navigationFields, type NavClientType, type NavigationRow } from '@agora/contract';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { ImageUpload } from '@/components/ImageUpload';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';

const ui = { edit: z.union([z.literal('new'), idOf()]) };

interface NavForm {
  name: string;
  url: string;
  image: string;
  sort: number;
  show: boolean;
  new_window: boolean;
}

function NavigationDialog({ clientType, entry, onClose }: { clientType: NavClientType; entry: NavigationRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NavForm>();
  const create = useApiMutation(navigationEndpoints.create, { success: 'pages.nav.saved' });
  const update = useApiMutation(navigationEndpoints.update, { success: 'pages.nav.saved' });
  const { pending, save } = saveWith(create, update);
  const mobile = clientType === 'MOBILE';
  const submit = (values: NavForm) =>
    save(
      entry?.navigation_id,
      { name: values.name, url: values.url, client_type: clientType, image: values.image ?? '', sort: values.sort ?? 0, show: values.show ? 1 : 0, new_window: values.new_window ? 1 : 0 },
      onClose,
    );
  return (
    <FormDialog<NavForm>
      title={`${entry ? t('pages.nav.edit') : t('pages.nav.add')} · ${t(`pages.client.${clientType}`)}`}
      form={form}
      pending={pending}
      onClose={onClose}
      initialValues={{
        name: entry?.name ?? '',
        url: entry?.url ?? '',
        image: entry?.image ?? '',
        sort: entry?.sort ?? 0,
        show: entry ? entry.show === 1 : true,
        new_window: entry?.new_window === 1,
      }}
      onFinish={submit}
    >
      <Form.Item name="name" label={t('pages.nav.name')} rules={[{ required: true, whitespace: true, message: t('pages.nav.nameRequired') }, zodRule(navigationFields.shape.name)]}>
        <Input maxLength={NAV_NAME_MAX} showCount autoFocus placeholder={t('pages.nav.namePlaceholder', { max: NAV_NAME_MAX })} />
      </Form.Item>
      <Form.Item name="url" label={t('pages.nav.url')} rules={[{ required: true, whitespace: true, message: t('pages.nav.urlRequired') }, zodRule(navigationFields.shape.url)]} extra={t('pages.nav.urlHint')}>
        <Input maxLength={NAV_URL_MAX} />
      </Form.Item>
      <Form.Item name="image" label={t('pages.nav.image')} rules={[{ required: mobile, message: t('pages.nav.imageRequired') }]} extra={mobile ? t('pages.nav.imageHint') : undefined}>
        <ImageUpload scene="navigation" />
      </Form.Item>
      <Form.Item name="sort" label={t('pages.nav.sort')} rules={[zodRule(navigationFields.shape.sort)]}>
        <InputNumber min={0} max={NAV_SORT_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Flex gap={32}>
        <Form.Item name="show" label={t('pages.nav.show')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="new_window" label={t('pages.nav.newWindow')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
    </FormDialog>
  );
}

/**
 * pcSiteMenu: the buyer site's navigation, PC and mobile (DOMAIN §2.22) — name (≤ 6), link, the icon
 * a mobile entry needs, order (a number, or up and down by one), shown or hidden, new window.
 */
export default function SiteMenuPage() {
  const { t } = useTranslation();
  const list = useListPage(navigationEndpoints.list, { ui });
  const clientType = list.query.client_type;
  const move = useApiMutation(navigationEndpoints.move, { success: 'pages.nav.moved' });
  const remove = useApiMutation(navigationEndpoints.remove, { success: 'pages.nav.deleted' });
  const { edit } = list.ui;
  const edited = typeof edit === 'number' ? list.rows.find((row) => row.navigation_id === edit) : undefined;

  const columns: ListColumn<NavigationRow>[] = [
    {
      title: t('pages.nav.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Flex align="center" gap={8}>
          {row.image && <Image src={row.image} alt="" width={28} height={28} preview={false} style={{ objectFit: 'contain' }} />}
          <Typography.Text strong>{name}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('pages.nav.url'),
      dataIndex: 'url',
      render: (url: string, row) => (
        <Flex vertical gap={2}>
          <Typography.Text ellipsis={{ tooltip: url }} style={{ maxWidth: 320 }}>
            {url}
          </Typography.Text>
          {row.new_window === 1 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('pages.nav.newWindow')}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('pages.nav.sort'), dataIndex: 'sort', sortKey: 'sort' },
    { title: t('pages.nav.show'), dataIndex: 'show', render: (show: 0 | 1) => <Tag color={show ? 'success' : 'default'}>{show ? t('pages.nav.shown') : t('pages.nav.hidden')}</Tag> },
    actionColumn<NavigationRow>(t('common.actions.operation'), (row) => {
      const at = list.rows.findIndex((entry) => entry.navigation_id === row.navigation_id);
      const first = at === 0 && list.query.page_no === 1;
      const last = at === list.rows.length - 1 && list.query.page_no * list.query.page_size >= (list.result.data?.data_total ?? 0);
      return [
        { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: row.navigation_id }) },
        { label: t('pages.nav.up'), onClick: () => move.mutate({ params: { id: row.navigation_id, direction: 'up' } }), disabledReason: first ? t('pages.nav.isFirst') : undefined },
        { label: t('pages.nav.down'), onClick: () => move.mutate({ params: { id: row.navigation_id, direction: 'down' } }), disabledReason: last ? t('pages.nav.isLast') : undefined },
        {
          label: t('common.actions.delete'),
          danger: true,
          confirm: t('pages.nav.confirmDelete', { name: row.name }),
          onClick: () => remove.mutate({ params: { id: row.navigation_id } }, { onSuccess: () => list.removed(1) }),
        },
      ];
    }),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented<NavClientType>
          value={clientType}
          options={NAV_CLIENT_TYPES.map((client) => ({ value: client, label: t(`pages.client.${client}`) }))}
          onChange={(client) => list.filter({ client_type: client })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ edit: 'new' })}>
          {t('pages.nav.add')}
        </Button>
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          <ArrowUpOutlined /> <ArrowDownOutlined /> {t('pages.nav.orderHint')}
        </Typography.Text>
      </Flex>
      <ListTable<NavigationRow> list={list} rowKey="navigation_id" columns={columns} emptyText={<Empty description={t('pages.nav.empty')} />} />
      {edit === 'new' && <NavigationDialog clientType={clientType} entry={null} onClose={list.closeUi} />}
      {edited && <NavigationDialog key={edited.navigation_id} clientType={clientType} entry={edited} onClose={list.closeUi} />}
    </Card>
  );
}
