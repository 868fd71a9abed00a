import { useState } from 'react';
import { Button, Empty, Flex, Input, Modal, Pagination, Popconfirm, Spin, Tabs, Typography } from 'antd';
import { CheckCircleFilled, PlayCircleOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEDIA_DIALOG_WIDTH, MEDIA_PAGE_SIZES, mediaEndpoints, type Resource, type ResourceGroupType } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';
import { GroupPanel, type GroupKey } from './GroupPanel';
import { UploadDialog } from './UploadDialog';

/**
 * Adds `resource` to the selection, or takes it out when it is already there. At the limit
 * the latest choice replaces the selection (spec §5); a limit below 1 means no limit.
 */
export function pickResource(selection: Resource[], resource: Resource, limit: number): Resource[] {
  if (selection.some((item) => item.id === resource.id)) return selection.filter((item) => item.id !== resource.id);
  if (limit >= 1 && selection.length >= limit) return [resource];
  return [...selection, resource];
}

/** 83 → 1:23, 3725 → 1:02:05 */
export function formatDuration(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

function ResourceCard({ resource, chosen, onClick }: { resource: Resource; chosen: boolean; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={chosen}
      aria-label={resource.resource_name}
      data-testid={`resource-${resource.id}`}
      onClick={onClick}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onClick();
        }
      }}
      style={{
        width: 136,
        cursor: 'pointer',
        borderRadius: 6,
        padding: 4,
        border: `2px solid ${chosen ? 'var(--ant-color-primary, #409eff)' : 'transparent'}`,
        position: 'relative',
      }}
    >
      <div style={{ height: 110, background: '#f5f5f5', borderRadius: 4, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
        {resource.group_type === 'IMAGE' ? (
          <img src={resource.resource_url} alt={resource.resource_name} loading="lazy" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <PlayCircleOutlined style={{ fontSize: 36, color: '#999' }} />
        )}
      </div>
      {chosen && <CheckCircleFilled style={{ position: 'absolute', top: 8, right: 8, fontSize: 18, color: 'var(--ant-color-primary, #409eff)', background: '#fff', borderRadius: '50%' }} />}
      <Typography.Text ellipsis={{ tooltip: resource.resource_name }} style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        {resource.resource_name}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {resource.group_type === 'IMAGE'
          ? resource.img_width && resource.img_height
            ? t('media.library.size', { width: resource.img_width, height: resource.img_height })
            : ''
          : resource.video_duration !== null
            ? t('media.library.duration', { duration: formatDuration(resource.video_duration) })
            : ''}
      </Typography.Text>
    </div>
  );
}

export interface MediaLibraryProps {
  open: boolean;
  onClose(): void;
  /** receives the chosen resources; without it the dialog only manages the library */
  onChoose?(resources: Resource[]): void;
  /** forces a kind: the other tab is disabled */
  type?: ResourceGroupType;
  /** how many may be chosen: 1 (the default) is a single choice, below 1 no limit */
  limit?: number;
  /** page sizes offered; the first is the default (spec §9: 15, 30, 50, 100) */
  pageSizes?: readonly number[];
  /** group editing and deleting resources (uploading is always there) */
  manage?: boolean;
  title?: string;
}

function LibraryBody({ onClose, onChoose, type, limit = 1, pageSizes = MEDIA_PAGE_SIZES, manage = true, title }: Omit<MediaLibraryProps, 'open'>) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ResourceGroupType>(type ?? 'IMAGE');
  const [group, setGroup] = useState<GroupKey>('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState({ no: 1, size: pageSizes[0] });
  const [chosen, setChosen] = useState<Resource[]>([]);
  const [uploading, setUploading] = useState(false);
  const tree = useApi(mediaEndpoints.groupTree, { query: { group_type: kind } });
  const list = useApi(mediaEndpoints.list, {
    query: {
      group_type: kind,
      page_no: page.no,
      page_size: page.size,
      ...(name ? { resource_name: name } : {}),
      ...(group === 'all' ? {} : { group_id: group }),
    },
  });
  const remove = useApiMutation(mediaEndpoints.remove, { success: 'media.library.deleted' });
  const rows = list.data?.data ?? [];

  const changeKind = (next: ResourceGroupType) => {
    setKind(next);
    setGroup('all');
    setChosen([]);
    setPage((current) => ({ ...current, no: 1 }));
  };
  const deleteChosen = () =>
    remove.mutate(
      { query: { ids: chosen.map((item) => item.id) } },
      {
        onSuccess: () => {
          setChosen([]);
          if (rows.length <= chosen.length && page.no > 1) setPage((current) => ({ ...current, no: current.no - 1 }));
        },
      },
    );

  return (
    <Modal
      open
      title={title ?? t('media.library.title')}
      width={MEDIA_DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {limit >= 1 ? t('media.library.selectedOf', { count: chosen.length, limit }) : t('media.library.selected', { count: chosen.length })}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
            {onChoose && (
              <Button type="primary" disabled={chosen.length === 0} onClick={() => onChoose(chosen)}>
                {t('media.library.choose')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Tabs
        activeKey={kind}
        onChange={(key) => changeKind(key as ResourceGroupType)}
        items={(['IMAGE', 'VIDEO'] as const).map((key) => ({
          key,
          label: t(key === 'IMAGE' ? 'media.library.image' : 'media.library.video'),
          disabled: type !== undefined && type !== key,
        }))}
      />
      <Flex gap={16} align="stretch">
        <GroupPanel
          type={kind}
          tree={tree.data}
          selected={group}
          manage={manage}
          onSelect={(key) => {
            setGroup(key);
            setPage((current) => ({ ...current, no: 1 }));
          }}
        />
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} wrap>
            <Input.Search
              allowClear
              placeholder={t('media.library.searchName')}
              style={{ width: 240 }}
              onSearch={(value) => {
                setName(value.trim());
                setPage((current) => ({ ...current, no: 1 }));
              }}
            />
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('media.library.upload')}
            </Button>
            {manage && (
              <Popconfirm title={t('media.library.confirmDelete', { count: chosen.length })} disabled={chosen.length === 0} onConfirm={deleteChosen}>
                <Button danger disabled={chosen.length === 0}>
                  {t('media.library.deleteSelected')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
          <Spin spinning={list.isFetching} description={t('common.loading')}>
            <div style={{ minHeight: 320 }} data-testid="media-grid">
              {rows.length > 0 ? (
                <Flex wrap gap={8}>
                  {rows.map((resource) => (
                    <ResourceCard
                      key={resource.id}
                      resource={resource}
                      chosen={chosen.some((item) => item.id === resource.id)}
                      onClick={() => setChosen((current) => pickResource(current, resource, limit))}
                    />
                  ))}
                </Flex>
              ) : list.isFetching ? null : (
                <Empty description={t('common.empty')} style={{ paddingTop: 80 }} />
              )}
            </div>
          </Spin>
          <Pagination
            align="end"
            size="small"
            current={page.no}
            pageSize={page.size}
            total={list.data?.data_total ?? 0}
            showTotal={(total) => t('media.library.total', { total })}
            showSizeChanger={pageSizes.length > 1}
            pageSizeOptions={pageSizes.map(String)}
            onChange={(no, size) => setPage(size !== page.size ? { no: 1, size } : { no, size })}
          />
        </Flex>
      </Flex>
      {uploading && (
        <UploadDialog
          type={kind}
          groups={tree.data?.groups ?? []}
          groupId={typeof group === 'number' ? group : 0}
          onClose={() => setUploading(false)}
          onDone={(_resources, groupId) => {
            setUploading(false);
            setGroup(groupId);
            setPage((current) => ({ ...current, no: 1 }));
          }}
        />
      )}
    </Modal>
  );
}

/**
 * The media library 素材中心 (spec §2, 1000px): tabs 图片 / 视频, the group tree with counts,
 * search by name, a paged grid, upload and delete; `onChoose` gets the chosen resources.
 * Everything starts afresh each time it opens.
 */
export function MediaLibrary({ open, ...props }: MediaLibraryProps) {
  return open ? <LibraryBody {...props} /> : null;
}
