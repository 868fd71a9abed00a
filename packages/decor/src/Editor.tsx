import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Layout, Popconfirm, Result, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FLOOR_TYPES,
  decorEndpoints,
  pageEndpoints,
  publicPagePath,
  type FloorType,
  type PageClientType,
  type PageDetail,
  type PageFloor,
  type ShownFloor,
} from '@agora/contract';
import { api, useApi, useApiMutation } from '@/lib/api';
import { useSessionVersion, getRefreshToken } from '@/lib/session';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { FloorEditor, floorSummary } from './FloorEditor';
import { PageView, PAGE_WIDTH } from './FloorView';

let keySeq = 0;
const newKey = () => `${Date.now().toString(36)}${(keySeq++).toString(36)}`;

/** A new floor of a type, empty until the operator fills it. */
function newFloor(type: FloorType): PageFloor {
  const key = newKey();
  switch (type) {
    case 'CAROUSEL':
      return { key, type };
    case 'TITLE':
      return { key, type, title: { text: '楼层标题', start_color: '#ff4d4f', end_color: '#ff9c6e' } };
    case 'TAGS':
      return { key, type, tags: [] };
    case 'GOODS':
      return { key, type, heading: '', columns: 4, goods_ids: [] };
    case 'TEXT_LINKS':
      return { key, type, links: [] };
    case 'SHOPS':
      return { key, type, shop_ids: [] };
    case 'CATEGORIES':
      return { key, type, category_ids: [] };
  }
}

function SortableFloor({
  floor,
  shown,
  selected,
  onSelect,
  onRemove,
}: {
  floor: PageFloor;
  shown: ShownFloor | undefined;
  selected: boolean;
  onSelect(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: floor.key });
  return (
    <div
      ref={setNodeRef}
      data-testid="floor-item"
      data-type={floor.type}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        border: `1px solid ${selected ? '#1677ff' : '#f0f0f0'}`,
        borderRadius: 6,
        padding: '6px 8px',
        marginBottom: 6,
        background: '#fff',
      }}
    >
      <Flex align="center" gap={8}>
        <Button type="text" size="small" icon={<HolderOutlined />} aria-label={t('decor.dragHandle')} {...attributes} {...listeners} style={{ cursor: 'grab' }} />
        <Flex vertical style={{ flex: 1, minWidth: 0 }} onClick={onSelect}>
          <Typography.Text strong>{t(`decor.type.${floor.type}`)}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {floorSummary(floor, shown, t)}
          </Typography.Text>
        </Flex>
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('decor.edit')} onClick={onSelect} />
        <Popconfirm title={t('decor.removeConfirm')} onConfirm={onRemove}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('decor.remove')} />
        </Popconfirm>
      </Flex>
    </div>
  );
}

/** The editor of one page, once its detail has loaded. */
function PageEditor({ page }: { page: PageDetail }) {
  const { t } = useTranslation();
  const [floors, setFloors] = useState<PageFloor[]>(page.page_data);
  const [savedFloors, setSavedFloors] = useState(JSON.stringify(page.page_data));
  const [selected, setSelected] = useState<string | undefined>();
  const [width, setWidth] = useState<PageClientType>(page.client_type);
  const [status, setStatus] = useState(page.publish_status);
  const client = page.client_type;
  const dirty = JSON.stringify(floors) !== savedFloors;
  const zoom = usePreviewZoom(PAGE_WIDTH[width]);

  // The preview is what buyers would see of the floors as they are now (unsaved too), resolved by the server.
  const draft = useDebouncedValue(floors);
  const preview = useQuery({
    queryKey: ['decor', 'preview', client, draft],
    queryFn: () => api(decorEndpoints.preview, { body: { client_type: client, page_data: draft } }),
    placeholderData: (previous) => previous,
  });
  const shownByKey = useMemo(() => new Map((preview.data ?? []).map((floor) => [floor.key, floor])), [preview.data]);
  const focus = useApi(decorEndpoints.focusList, { query: { client_type: client } });

  const update = useApiMutation(pageEndpoints.update, { success: 'decor.saved', invalidates: ['pages'] });
  const publish = useApiMutation(pageEndpoints.publish, { success: 'decor.published', invalidates: ['pages'] });
  // Saved is what the server accepted of what was sent (it may write a floor in another order of
  // fields, which is no change); an edit made while the save was under way stays unsaved.
  const save = (then?: () => void) => {
    const sent = floors;
    update.mutate(
      { params: { id: page.page_id }, body: { page_name: page.page_name, description: page.description, page_data: sent } },
      {
        onSuccess: () => {
          setSavedFloors(JSON.stringify(sent));
          then?.();
        },
      },
    );
  };
  const saveAndPublish = () => save(() => publish.mutate({ params: { id: page.page_id } }, { onSuccess: (row) => setStatus(row.publish_status) }));

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setFloors((list) => arrayMove(list, list.findIndex((floor) => floor.key === active.id), list.findIndex((floor) => floor.key === over.id)));
  };
  const add = (type: FloorType) => {
    const floor = newFloor(type);
    setFloors((list) => [...list, floor]);
    setSelected(floor.key);
  };
  const editing = floors.find((floor) => floor.key === selected);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', display: 'flex', alignItems: 'center', gap: 12, paddingInline: 16, borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('decor.title')} · {page.page_name}
        </Typography.Title>
        <Tag>{t(`pages.client.${client}`)}</Tag>
        <Tag color={status === 'YES' ? 'success' : 'default'} data-testid="publish-status">
          {t(`decor.status.${status}`)}
        </Tag>
        {dirty && <Typography.Text type="warning">{t('decor.unsaved')}</Typography.Text>}
        <Space style={{ marginLeft: 'auto' }}>
          {status === 'YES' && (
            <Button href={publicPagePath(page)} target="_blank">
              {t('decor.viewPublic')}
            </Button>
          )}
          <Button onClick={() => save()} loading={update.isPending}>
            {t('decor.save')}
          </Button>
          {status !== 'YES' && (
            <Button type="primary" onClick={saveAndPublish} loading={update.isPending || publish.isPending}>
              {t('decor.publish')}
            </Button>
          )}
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={340} theme="light" style={{ padding: 12, borderRight: '1px solid #f0f0f0', overflow: 'auto' }}>
          <Typography.Text type="secondary">{t('decor.addFloor')}</Typography.Text>
          <Flex wrap gap={6} style={{ margin: '8px 0 16px' }}>
            {FLOOR_TYPES.map((type) => (
              <Button key={type} size="small" icon={<PlusOutlined />} onClick={() => add(type)}>
                {t(`decor.type.${type}`)}
              </Button>
            ))}
          </Flex>
          <Typography.Text type="secondary">{t('decor.floors')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {floors.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('decor.noFloors')} />}
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={floors.map((floor) => floor.key)} strategy={verticalListSortingStrategy}>
                {floors.map((floor) => (
                  <SortableFloor
                    key={floor.key}
                    floor={floor}
                    shown={shownByKey.get(floor.key)}
                    selected={floor.key === selected}
                    onSelect={() => setSelected(floor.key)}
                    onRemove={() => {
                      setFloors((list) => list.filter((other) => other.key !== floor.key));
                      if (selected === floor.key) setSelected(undefined);
                    }}
                  />
                ))}
              </SortableContext>
            </DndContext>
          </div>
          {editing && (
            <Card size="small" title={t(`decor.type.${editing.type}`)} style={{ marginTop: 12 }} extra={<Button size="small" type="link" onClick={() => setSelected(undefined)}>{t('decor.close')}</Button>}>
              <FloorEditor
                floor={editing}
                client={client}
                shown={shownByKey.get(editing.key)}
                pictures={focus.data ?? []}
                onChange={(next) => setFloors((list) => list.map((floor) => (floor.key === next.key ? next : floor)))}
                onPicturesChanged={() => void preview.refetch()}
              />
            </Card>
          )}
        </Layout.Sider>
        <Layout.Content style={{ padding: 16, overflow: 'auto' }}>
          <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{t('decor.preview')}</Typography.Text>
            <Segmented<PageClientType>
              value={width}
              onChange={setWidth}
              options={[
                { value: 'PC', label: `${t('decor.pc')} ${PAGE_WIDTH.PC}px` },
                { value: 'MOBILE', label: `${t('decor.mobile')} ${PAGE_WIDTH.MOBILE}px` },
              ]}
            />
            {zoom.scale < 1 && <Typography.Text type="secondary">{Math.round(zoom.scale * 100)}%</Typography.Text>}
            {preview.isFetching && <Spin size="small" />}
          </Flex>
          <div ref={zoom.frame} style={{ background: '#f5f5f5', padding: 12, borderRadius: 8 }} data-testid="decor-preview">
            <div style={{ width: PAGE_WIDTH[width], margin: '0 auto', pointerEvents: 'none', zoom: zoom.scale }}>
              <PageView floors={preview.data ?? []} client={width} />
            </div>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * The preview drawn at the page's own width and zoomed down to the pane when the window is
 * narrower (the 1200px PC page beside the floor list at 1440px): the whole width stays in sight,
 * where a scrolled box hid its right side behind a scroll bar two screens below.
 */
function usePreviewZoom(pageWidth: number) {
  const frame = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>();
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { frame, scale: room ? Math.min(1, room / pageWidth) : 1 };
}

/** The decoration app's editor: waits for the console's session (spec §4), then loads the page. */
export function Editor({ pageId, session }: { pageId: number | undefined; session: Promise<void> | undefined }) {
  const { t } = useTranslation();
  useSessionVersion();
  const [ready, setReady] = useState(() => Boolean(getRefreshToken()));
  useEffect(() => {
    void session?.then(() => setReady(true));
  }, [session]);
  const detail = useApi(pageEndpoints.detail, { params: { id: pageId ?? 0 } }, { enabled: ready && pageId !== undefined, retry: false });
  if (pageId === undefined) return <Result status="404" title={t('decor.notFound')} />;
  if (!ready)
    return (
      <Flex vertical align="center" gap={16} style={{ marginTop: 120 }}>
        <Spin />
        <Typography.Text data-testid="decor-waiting">{t('decor.loadingSession')}</Typography.Text>
        <Alert type="info" showIcon title={t('decor.sessionHint')} />
      </Flex>
    );
  if (detail.isPending) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (!detail.data) return <Result status="404" title={t('decor.notFound')} />;
  return <PageEditor key={detail.data.page_id} page={detail.data} />;
}

