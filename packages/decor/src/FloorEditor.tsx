import { useState } from 'react';
import { Button, Flex, Form, Image, Input, List, Popconfirm, Segmented, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  FLOOR_CATEGORIES_MAX,
  FLOOR_GOODS_COLUMNS,
  FLOOR_GOODS_MAX,
  FLOOR_HEADING_MAX,
  FLOOR_LINKS_MAX,
  FLOOR_SHOPS_MAX,
  FOCUS_PICTURES_MAX,
  decorEndpoints,
  type FocusPicture,
  type ImageOperation,
  type PageClientType,
  type PageFloor,
  type ShownFloor,
  type TextPickerResult,
} from '@agora/contract';
import { useApiMutation } from '@/lib/api';
import { FloorTagsEditor } from '@/components/FloorTagsEditor';
import { FloorTitleEditor } from '@/components/FloorTitleEditor';
import { TextPicker } from '@/components/TextPicker';
import { ShopSelect } from '@/components/ShopSelect';
import { CategoryCascader } from '@/components/CategoryCascader';
import { GoodsPicker } from '@/components/pickers/GoodsPicker';
import { ImagePicker, type ImagePickerItem } from '@/components/media/ImagePicker';
import { ActionFields } from '@/components/ActionFields';
import { FormDialog } from '@/components/FormDialog';

type Floor<T extends PageFloor['type']> = Extract<PageFloor, { type: T }>;
type Shown<T extends ShownFloor['type']> = Extract<ShownFloor, { type: T }>;

/** One line under a floor's name in the list: what it holds. */
export function floorSummary(floor: PageFloor, shown: ShownFloor | undefined, t: TFunction): string {
  switch (floor.type) {
    case 'CAROUSEL':
      return shown?.type === 'CAROUSEL' ? t('decor.carousel.hint', { client: '', max: FOCUS_PICTURES_MAX }).replace(/\s+/g, ' ') : '';
    case 'TITLE':
      return floor.title.text;
    case 'TAGS':
      return floor.tags.map((tag) => tag.block_value).join(' · ');
    case 'GOODS':
      return [floor.heading, t('decor.goods.count', { count: floor.goods_ids.length, max: FLOOR_GOODS_MAX })].filter(Boolean).join(' · ');
    case 'TEXT_LINKS':
      return floor.links.map((link) => link.text).join(' · ');
    case 'SHOPS':
      return shown?.type === 'SHOPS' ? shown.shops.map((shop) => shop.shop_name).join(' · ') : '';
    case 'CATEGORIES':
      return shown?.type === 'CATEGORIES' ? shown.categories.map((category) => category.name).join(' · ') : '';
  }
}

/** A picture field: the picture, and a button that replaces it with one from the image picker. */
function PictureField({ value, onChange }: { value?: string; onChange?(url: string): void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <Flex gap={12} align="center">
      {value && <Image src={value} width={160} height={90} style={{ objectFit: 'cover' }} preview={false} alt="" data-testid="focus-picture" />}
      <Button onClick={() => setPicking(true)}>{t('decor.carousel.replace')}</Button>
      <ImagePicker
        open={picking}
        limit={1}
        onClose={() => setPicking(false)}
        onConfirm={(items) => {
          setPicking(false);
          if (items[0]) onChange?.(items[0].response.url);
        }}
      />
    </Flex>
  );
}

interface FocusPictureValues {
  pic_url: string;
  action: Partial<ImageOperation>;
}

/** Edits one focus picture in place: its picture and its click action (the server checks both again). */
export function FocusPictureDialog({ picture, onClose, onSaved }: { picture: FocusPicture; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FocusPictureValues>();
  const update = useApiMutation(decorEndpoints.focusUpdate, { success: 'decor.carousel.saved', invalidates: [decorEndpoints.focusList] });
  // A micro-page action (TOPIC) is not one the action fields offer: it is kept unless another is chosen.
  const topic = picture.operation_type === 'TOPIC';
  const initial: FocusPictureValues = {
    pic_url: picture.pic_url,
    action: topic ? { opt_type: 'NONE', opt_value: '' } : { opt_type: picture.operation_type as ImageOperation['opt_type'], opt_value: picture.operation_param },
  };
  const save = ({ pic_url, action }: FocusPictureValues) => {
    const type = action.opt_type ?? 'NONE';
    const keepTopic = topic && type === 'NONE';
    const body = {
      client_type: picture.client_type,
      pic_url,
      operation_type: keepTopic ? picture.operation_type : type,
      operation_param: keepTopic ? picture.operation_param : type === 'NONE' ? '' : String(action.opt_value ?? '').trim(),
    };
    update.mutate({ params: { id: picture.id }, body }, { onSuccess: () => (onSaved(), onClose()) });
  };
  return (
    <FormDialog<FocusPictureValues> title={t('decor.carousel.editTitle')} form={form} initialValues={initial} pending={update.isPending} onFinish={save} onClose={onClose}>
      <Form.Item name="pic_url" label={t('decor.carousel.picture')} rules={[{ required: true, message: t('decor.carousel.pictureRequired') }]}>
        <PictureField />
      </Form.Item>
      {topic && <Typography.Paragraph type="secondary">{t('decor.carousel.topicKept', { id: picture.operation_param })}</Typography.Paragraph>}
      <ActionFields name={['action']} />
    </FormDialog>
  );
}

/** The client's carousel: its focus pictures, added with the image picker (and their click actions), at most 5. */
function CarouselEditor({ client, pictures, onChanged }: { client: PageClientType; pictures: FocusPicture[]; onChanged(): void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<FocusPicture | null>(null);
  const create = useApiMutation(decorEndpoints.focusCreate, { invalidates: [decorEndpoints.focusList] });
  const remove = useApiMutation(decorEndpoints.focusRemove, { success: 'decor.carousel.removed', invalidates: [decorEndpoints.focusList] });
  const room = FOCUS_PICTURES_MAX - pictures.length;
  const add = async (items: ImagePickerItem[]) => {
    setPicking(false);
    for (const item of items.slice(0, room)) {
      await create.mutateAsync({ body: { client_type: client, pic_url: item.response.url, operation_type: item.operation.opt_type, operation_param: item.operation.opt_value } });
    }
    onChanged();
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('decor.carousel.hint', { client: t(`pages.client.${client}`), max: FOCUS_PICTURES_MAX })}</Typography.Text>
      <List
        size="small"
        dataSource={pictures}
        locale={{ emptyText: t('decor.carousel.none') }}
        renderItem={(picture) => (
          <List.Item
            actions={[
              <Button key="edit" type="text" size="small" icon={<EditOutlined />} aria-label={t('decor.carousel.edit')} onClick={() => setEditing(picture)} />,
              <Popconfirm key="remove" title={t('decor.carousel.removeConfirm')} onConfirm={() => remove.mutate({ params: { id: picture.id } }, { onSuccess: onChanged })}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('decor.remove')} />
              </Popconfirm>,
            ]}
          >
            <Flex gap={8} align="center">
              <Image src={picture.pic_url} width={64} height={36} style={{ objectFit: 'cover' }} preview={false} alt="" />
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 150 }}>
                {picture.operation_url || '—'}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Button icon={<PlusOutlined />} disabled={room <= 0} loading={create.isPending} onClick={() => setPicking(true)}>
        {room > 0 ? t('decor.carousel.add') : t('decor.carousel.full', { max: FOCUS_PICTURES_MAX })}
      </Button>
      <ImagePicker open={picking} limit={room} onClose={() => setPicking(false)} onConfirm={(items) => void add(items)} />
      {editing && <FocusPictureDialog picture={editing} onClose={() => setEditing(null)} onSaved={onChanged} />}
    </Flex>
  );
}

function GoodsFloorEditor({ floor, onChange }: { floor: Floor<'GOODS'>; onChange(floor: PageFloor): void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <Form layout="vertical">
      <Form.Item label={t('decor.goods.heading')}>
        <Input value={floor.heading} maxLength={FLOOR_HEADING_MAX} showCount onChange={(event) => onChange({ ...floor, heading: event.target.value })} />
      </Form.Item>
      <Form.Item label={t('decor.goods.columns')}>
        <Segmented<number> value={floor.columns} options={[...FLOOR_GOODS_COLUMNS]} onChange={(columns) => onChange({ ...floor, columns: columns as 4 | 5 })} />
      </Form.Item>
      <Flex align="center" gap={8}>
        <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t('decor.goods.choose')}
        </Button>
        <Typography.Text type="secondary">{t('decor.goods.count', { count: floor.goods_ids.length, max: FLOOR_GOODS_MAX })}</Typography.Text>
      </Flex>
      <GoodsPicker
        open={picking}
        limit={FLOOR_GOODS_MAX}
        onCancel={() => setPicking(false)}
        onConfirm={(rows) => {
          setPicking(false);
          // One card per goods item, whichever of its SKUs was ticked, in the order chosen.
          const ids = [...new Set([...floor.goods_ids, ...rows.map((row) => row.goods_id)])].slice(0, FLOOR_GOODS_MAX);
          onChange({ ...floor, goods_ids: ids });
        }}
      />
    </Form>
  );
}

/** Removable rows of a floor's chosen items, named by the preview. */
function ChosenList({ names, onRemove }: { names: { id: number; name: string }[]; onRemove(id: number): void }) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      dataSource={names}
      renderItem={(item) => (
        <List.Item actions={[<Button key="remove" type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('decor.remove')} onClick={() => onRemove(item.id)} />]}>
          {item.name}
        </List.Item>
      )}
    />
  );
}

function LinksEditor({ floor, onChange }: { floor: Floor<'TEXT_LINKS'>; onChange(floor: PageFloor): void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const confirm = (link: TextPickerResult) => {
    const links = editing === 'new' ? [...floor.links, link] : floor.links.map((old, index) => (index === editing ? link : old));
    setEditing(undefined);
    onChange({ ...floor, links });
  };
  return (
    <Flex vertical gap={8}>
      <List
        size="small"
        dataSource={floor.links.map((link, index) => ({ link, index }))}
        renderItem={({ link, index }) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" size="small" onClick={() => setEditing(index)}>
                {t('decor.edit')}
              </Button>,
              <Button key="remove" type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('decor.remove')} onClick={() => onChange({ ...floor, links: floor.links.filter((_, i) => i !== index) })} />,
            ]}
          >
            {link.text}
          </List.Item>
        )}
      />
      <Button icon={<PlusOutlined />} disabled={floor.links.length >= FLOOR_LINKS_MAX} onClick={() => setEditing('new')}>
        {t('decor.links.add')} ({t('decor.links.count', { count: floor.links.length, max: FLOOR_LINKS_MAX })})
      </Button>
      <TextPicker open={editing !== undefined} value={typeof editing === 'number' ? floor.links[editing] : undefined} onConfirm={confirm} onCancel={() => setEditing(undefined)} />
    </Flex>
  );
}

/** The settings of the floor chosen in the list; a change shows in the preview at once and is kept on 保存. */
export function FloorEditor({
  floor,
  client,
  shown,
  pictures,
  onChange,
  onPicturesChanged,
}: {
  floor: PageFloor;
  client: PageClientType;
  shown: ShownFloor | undefined;
  pictures: FocusPicture[];
  onChange(floor: PageFloor): void;
  onPicturesChanged(): void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState(false);
  switch (floor.type) {
    case 'CAROUSEL':
      return <CarouselEditor client={client} pictures={pictures} onChanged={onPicturesChanged} />;
    case 'TITLE':
      return (
        <>
          <Button onClick={() => setDialog(true)}>{t('decor.titleFloor.edit')}</Button>
          <FloorTitleEditor open={dialog} value={floor.title} onCancel={() => setDialog(false)} onConfirm={(title) => (setDialog(false), onChange({ ...floor, title }))} />
        </>
      );
    case 'TAGS':
      return (
        <>
          <Button onClick={() => setDialog(true)}>{t('decor.tags.edit')}</Button>
          <FloorTagsEditor open={dialog} value={floor.tags} onCancel={() => setDialog(false)} onConfirm={(tags) => (setDialog(false), onChange({ ...floor, tags }))} />
        </>
      );
    case 'GOODS':
      return <GoodsFloorEditor floor={floor} onChange={onChange} />;
    case 'TEXT_LINKS':
      return <LinksEditor floor={floor} onChange={onChange} />;
    case 'SHOPS': {
      const names = (shown as Shown<'SHOPS'> | undefined)?.shops.map((shop) => ({ id: shop.shop_id, name: shop.shop_name })) ?? [];
      return (
        <Flex vertical gap={8}>
          <ChosenList names={names} onRemove={(id) => onChange({ ...floor, shop_ids: floor.shop_ids.filter((other) => other !== id) })} />
          <ShopSelect
            style={{ width: '100%' }}
            placeholder={`${t('decor.shops.add')} (${t('decor.shops.count', { count: floor.shop_ids.length, max: FLOOR_SHOPS_MAX })})`}
            value={undefined}
            onChange={(id) => id && floor.shop_ids.length < FLOOR_SHOPS_MAX && !floor.shop_ids.includes(id) && onChange({ ...floor, shop_ids: [...floor.shop_ids, id] })}
          />
        </Flex>
      );
    }
    case 'CATEGORIES': {
      const names = (shown as Shown<'CATEGORIES'> | undefined)?.categories.map((category) => ({ id: category.category_id, name: category.name })) ?? [];
      return (
        <Flex vertical gap={8}>
          <ChosenList names={names} onRemove={(id) => onChange({ ...floor, category_ids: floor.category_ids.filter((other) => other !== id) })} />
          <CategoryCascader
            style={{ width: '100%' }}
            placeholder={`${t('decor.categories.add')} (${t('decor.categories.count', { count: floor.category_ids.length, max: FLOOR_CATEGORIES_MAX })})`}
            value={undefined}
            onChange={(id) => id && floor.category_ids.length < FLOOR_CATEGORIES_MAX && !floor.category_ids.includes(id) && onChange({ ...floor, category_ids: [...floor.category_ids, id] })}
          />
        </Flex>
      );
    }
  }
}
