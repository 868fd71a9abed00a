import { useState } from 'react';
import { Button, Card, Empty, Flex, Form, Input, Modal, Popconfirm, QRCode, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { HomeFilled, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  PAGE_DESCRIPTION_MAX,
  PAGE_NAME_MAX,
  PUBLISH_STATUSES,
  buyerPageUrl,
  decorEditPath,
  pageCreateBody,
  publicPagePath,
  pageEndpoints,
  type PageClientType,
  type PageRow,
  type PublishStatus,
} from '@agora/contract';
import { useDecorOrigin, useSiteShow } from '@/app/site';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';
import { openDecor } from '@/lib/decorSync';
import { toast } from '@/lib/feedback';

/** The page's URL beside the list query: the page being edited (or `new`) and the one being promoted. */
const ui = {
  edit: z.union([z.literal('new'), z.coerce.number().int().positive()]),
  promote: z.coerce.number().int().positive(),
};

/** The client of each list: sent with every request, never shown in the URL (the route says it). */
const FIXED = { PC: { client_type: 'PC' }, MOBILE: { client_type: 'MOBILE' } } as const;

interface PageForm {
  page_name: string;
  description: string;
}

/** New page or a page's name and description; its floors belong to the decoration app. */
function PageDialog({ clientType, page, onClose }: { clientType: PageClientType; page: PageRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PageForm>();
  const create = useApiMutation(pageEndpoints.create, { success: 'pages.done.saved' });
  const update = useApiMutation(pageEndpoints.update, { success: 'pages.done.saved' });
  const submit = (values: PageForm) => {
    if (page) update.mutate({ params: { id: page.page_id }, body: values }, { onSuccess: onClose });
    else create.mutate({ body: { client_type: clientType, ...values } }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title={page ? t('pages.edit') : `${t('pages.add')} · ${t(`pages.client.${clientType}`)}`}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<PageForm> form={form} layout="vertical" initialValues={{ page_name: page?.page_name ?? '', description: page?.description ?? '' }} onFinish={submit}>
        <Form.Item
          name="page_name"
          label={t('pages.columns.name')}
          rules={[{ required: true, whitespace: true, message: t('pages.nameRequired') }, zodRule(pageCreateBody.shape.page_name)]}
        >
          <Input maxLength={PAGE_NAME_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('pages.columns.description')} rules={[zodRule(pageCreateBody.shape.description)]} extra={t('pages.decorHint')}>
          <Input.TextArea maxLength={PAGE_DESCRIPTION_MAX} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Promote a published page: its buyer-site link to copy and a QR code to scan or download. */
function PromoteDialog({ page, onClose }: { page: PageRow; onClose(): void }) {
  const { t } = useTranslation();
  const site = useSiteShow();
  const url = site.data ? buyerPageUrl(site.data.buyer_domain, page) : '';
  const download = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="page-qr"] canvas');
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `${page.page_name}.png`;
    link.click();
  };
  return (
    <Modal open title={t('pages.promote.title', { name: page.page_name })} footer={null} onCancel={onClose} width={480}>
      <Flex vertical gap={16} align="center" style={{ paddingTop: 8 }}>
        <Flex vertical gap={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('pages.promote.link')}</Typography.Text>
          <Typography.Paragraph
            data-testid="page-link"
            copyable={url ? { text: url, tooltips: [t('pages.promote.copyLink'), t('pages.promote.copied')] } : false}
            style={{ marginBottom: 0, wordBreak: 'break-all' }}
          >
            {url ? (
              <a href={url} target="_blank" rel="noreferrer">
                {url}
              </a>
            ) : (
              t('common.loading')
            )}
          </Typography.Paragraph>
        </Flex>
        <div data-testid="page-qr">
          <QRCode value={url || '-'} status={url ? 'active' : 'loading'} size={200} />
        </div>
        <Space>
          <Typography.Text type="secondary">{t('pages.promote.qr')}</Typography.Text>
          <Button size="small" onClick={download} disabled={!url}>
            {t('pages.promote.download')}
          </Button>
        </Space>
      </Flex>
    </Modal>
  );
}

/**
 * Micro pages of one client (DOMAIN §2.22): the home page first, then the newest. New, edit name and
 * description, publish or take back, make home (published only; exactly one per client), promote
 * (published only), copy, delete one or many — the home page is never unpublished or deleted.
 * Filters, page and the open dialog live in the URL under the API's names.
 */
export function MicroPagesPage({ clientType }: { clientType: PageClientType }) {
  const { t } = useTranslation();
  const list = useListPage(pageEndpoints.list, { ui, fixed: FIXED[clientType] });
  const params = list.query;
  const publish = useApiMutation(pageEndpoints.publish, {
    success: (page) => (page.publish_status === 'YES' ? 'pages.done.published' : 'pages.done.unpublished'),
  });
  const setIndex = useApiMutation(pageEndpoints.setIndex, { success: 'pages.done.setIndex' });
  const copy = useApiMutation(pageEndpoints.copy, { success: (created) => ['pages.done.copied', { name: created.page_name }] });
  const remove = useApiMutation(pageEndpoints.remove, { success: 'pages.done.deleted' });
  // The batch selection belongs to the list it was made on: another filter or page starts afresh.
  const listKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ listKey: string; ids: number[] }>({ listKey, ids: [] });
  const selected = selection.listKey === listKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ listKey, ids });
  const editing = list.ui.edit === 'new' ? null : list.rows.find((page) => page.page_id === list.ui.edit);
  const promoting = list.rows.find((page) => page.page_id === list.ui.promote);
  const client = t(`pages.client.${clientType}`);
  const decorOrigin = useDecorOrigin();
  // 编辑 opens the page in the decoration app, which receives the session from here (spec §4).
  const decorate = (page: PageRow) => {
    if (!openDecor(`${decorOrigin}${decorEditPath(page.page_id)}`)) toast.warning(t('pages.popupBlocked'));
  };
  // 预览: a published page as buyers see it; a draft in the decoration app's live preview.
  const preview = (page: PageRow) => {
    if (page.publish_status !== 'YES') return decorate(page);
    if (!window.open(`${decorOrigin}${publicPagePath(page)}`, '_blank')) toast.warning(t('pages.popupBlocked'));
  };

  const deletePages = (ids: number[]) =>
    remove.mutate(
      { params: { ids } },
      {
        onSuccess: () => {
          setSelected(selected.filter((id) => !ids.includes(id)));
          if (ids.length >= list.rows.length && params.page_no > 1) list.write({ page_no: params.page_no - 1 });
        },
      },
    );

  const columns: ListColumn<PageRow>[] = [
    {
      title: t('pages.columns.name'),
      dataIndex: 'page_name',
      // the page a row is about stays in sight while a narrow window scrolls to its actions
      fixed: 'start',
      // the description sits under the name (cut, whole on hover), so the actions fit beside them
      render: (name: string, page) => (
        <Flex vertical gap={2}>
          <Space>
            {/* the name opens its name-and-description dialog; 编辑 opens the floors in the decoration app */}
            <Tooltip title={t('pages.actions.settings')}>
              <Typography.Link strong onClick={() => list.openUi({ edit: page.page_id })}>
                {name}
              </Typography.Link>
            </Tooltip>
            {page.is_index === 1 && (
              <Tag color="gold" icon={<HomeFilled />}>
                {t('pages.home')}
              </Tag>
            )}
          </Space>
          {page.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: page.description }} style={{ maxWidth: 280, fontSize: 12 }}>
              {page.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('pages.columns.publishStatus'),
      dataIndex: 'publish_status',
      render: (status: PublishStatus) => <Tag color={status === 'YES' ? 'success' : 'default'}>{t(`pages.publish.${status}`)}</Tag>,
    },
    { title: t('pages.columns.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      render: (_v, page) => {
        const home = page.is_index === 1;
        const published = page.publish_status === 'YES';
        const id = { params: { id: page.page_id } };
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => decorate(page)}>
              {t('common.actions.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => preview(page)}>
              {t('pages.actions.preview')}
            </Button>

            {published ? (
              <Tooltip title={home ? t('pages.why.homeUnpublish') : undefined}>
                <Popconfirm title={t('pages.confirm.unpublish', { name: page.page_name })} disabled={home} onConfirm={() => publish.mutate(id)}>
                  <Button type="link" size="small" disabled={home}>
                    {t('pages.actions.unpublish')}
                  </Button>
                </Popconfirm>
              </Tooltip>
            ) : (
              <Button type="link" size="small" loading={publish.isPending && publish.variables?.params.id === page.page_id} onClick={() => publish.mutate(id)}>
                {t('pages.actions.publish')}
              </Button>
            )}
            {!home && (
              <Tooltip title={published ? undefined : t('pages.why.draftNotHome')}>
                <Popconfirm title={t('pages.confirm.setIndex', { name: page.page_name, client })} disabled={!published} onConfirm={() => setIndex.mutate(id)}>
                  <Button type="link" size="small" disabled={!published}>
                    {t('pages.actions.setIndex')}
                  </Button>
                </Popconfirm>
              </Tooltip>
            )}
            {published && (
              <Button type="link" size="small" onClick={() => list.openUi({ promote: page.page_id })}>
                {t('pages.actions.promote')}
              </Button>
            )}
            <Popconfirm title={t('pages.confirm.copy', { name: page.page_name })} onConfirm={() => copy.mutate(id)}>
              <Button type="link" size="small">
                {t('pages.actions.copy')}
              </Button>
            </Popconfirm>
            <Tooltip title={home ? t('pages.why.homeUndeletable') : undefined}>
              <Popconfirm title={t('pages.confirm.delete', { count: 1 })} disabled={home} okButtonProps={{ danger: true }} onConfirm={() => deletePages([page.page_id])}>
                <Button type="link" size="small" danger disabled={home}>
                  {t('common.actions.delete')}
                </Button>
              </Popconfirm>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={params.keyword} placeholder={t('pages.keyword')} maxLength={PAGE_NAME_MAX} onSearch={(keyword) => list.filter({ keyword })} />
        <Select<PublishStatus | ''>
          aria-label={t('pages.columns.publishStatus')}
          style={{ minWidth: 140 }}
          popupMatchSelectWidth={false}
          value={params.publish_status ?? ''}
          options={[{ value: '', label: t('pages.publish.all') }, ...PUBLISH_STATUSES.map((status) => ({ value: status, label: t(`pages.publish.${status}`) }))]}
          onChange={(status) => list.filter({ publish_status: status })}
        />
        <Button type="primary" onClick={() => list.openUi({ edit: 'new' })}>
          {t('pages.add')}
        </Button>
        <Button icon={<ReloadOutlined />} loading={list.result.isFetching} onClick={() => void list.result.refetch()}>
          {t('common.actions.refresh')}
        </Button>
        <Popconfirm
          title={t('pages.confirm.delete', { count: selected.length })}
          disabled={selected.length === 0}
          okButtonProps={{ danger: true }}
          onConfirm={() => deletePages(selected)}
        >
          <Button danger disabled={selected.length === 0}>
            {t('pages.batchDelete')}
          </Button>
        </Popconfirm>
        {selected.length > 0 && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {t('pages.selected', { count: selected.length })}
          </Typography.Text>
        )}
      </Flex>
      <ListTable<PageRow>
        list={list}
        rowKey="page_id"
        columns={columns}
        emptyText={<Empty description={t('pages.empty')} />}
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          // The home page cannot be deleted, so it cannot be chosen for a batch delete either.
          getCheckboxProps: (page) => ({ disabled: page.is_index === 1, title: page.is_index === 1 ? t('pages.why.homeUndeletable') : undefined }),
        }}
      />
      {editing !== undefined && <PageDialog clientType={clientType} page={editing} onClose={list.closeUi} />}
      {promoting && <PromoteDialog page={promoting} onClose={list.closeUi} />}
    </Card>
  );
}

export const PcPagesPage = () => <MicroPagesPage clientType="PC" />;
export const MobilePagesPage = () => <MicroPagesPage clientType="MOBILE" />;
