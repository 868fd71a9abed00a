import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Switch, Tag, Tooltip, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MENU_TITLE_MAX, menuBody, menuEndpoints, type MenuItem } from '@agora/contract';
import { useApiMutation } from '@/lib/api';
import { isChinese } from '@/lib/locale';
import { useMenuItems } from '@/app/menu';
import { FormDialog } from '@/components/FormDialog';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';

const ui = { edit: z.string().max(64) };

interface Place {
  item: MenuItem;
  parent: string | null;
  siblings: MenuItem[];
  index: number;
}

function placesOf(items: readonly MenuItem[], parent: string | null = null, into = new Map<string, Place>()): Map<string, Place> {
  items.forEach((item, index) => {
    into.set(item.name, { item, parent, siblings: [...items], index });
    placesOf(item.children, item.name, into);
  });
  return into;
}

const titleOf = (item: MenuItem) => (isChinese() ? item.title.zh : item.title.en);

interface EditValues {
  title_zh: string;
  title_en: string;
  visible: boolean;
}

function MenuDialog({ item, onClose }: { item: MenuItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const save = useApiMutation(menuEndpoints.update, { success: 'menus.messages.saved' });
  const restore = () => form.setFieldsValue({ title_zh: item.default_title.zh, title_en: item.default_title.en });
  return (
    <FormDialog<EditValues>
      title={`${t('menus.edit')} · ${titleOf(item)}`}
      form={form}
      width={560}
      initialValues={{ title_zh: item.title.zh, title_en: item.title.en, visible: item.visible }}
      pending={save.isPending}
      onClose={onClose}
      onFinish={(body) => save.mutate({ params: { name: item.name }, body }, { onSuccess: onClose })}
    >
      <Form.Item label={t('menus.identifier')}>
        <Typography.Text code>{item.name}</Typography.Text> <Typography.Text type="secondary">{item.path}</Typography.Text>
      </Form.Item>
      <Form.Item name="title_zh" label={t('menus.titleZh')} rules={[{ required: true, whitespace: true, message: t('menus.titleRequired') }, zodRule(menuBody.shape.title_zh)]}>
        <Input maxLength={MENU_TITLE_MAX} showCount autoFocus />
      </Form.Item>
      <Form.Item name="title_en" label={t('menus.titleEn')} rules={[{ required: true, whitespace: true, message: t('menus.titleRequired') }, zodRule(menuBody.shape.title_en)]}>
        <Input maxLength={MENU_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item label={t('menus.defaultTitle')}>
        <Space wrap>
          <Typography.Text type="secondary">
            {item.default_title.zh} / {item.default_title.en}
          </Typography.Text>
          <Button size="small" onClick={restore}>
            {t('menus.restore')}
          </Button>
        </Space>
      </Form.Item>
      {!item.hidden && (
        <Form.Item name="visible" label={t('menus.visible')} valuePropName="checked" extra={t('menus.visibleHint')}>
          <Switch />
        </Form.Item>
      )}
      <Form.Item label={t('menus.authRegular')} extra={t('menus.authRegularHint')}>
        <Typography.Paragraph code copyable={Boolean(item.auth_regular)} ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0, wordBreak: 'break-all' }}>
          {item.auth_regular || t('menus.noApi')}
        </Typography.Paragraph>
      </Form.Item>
    </FormDialog>
  );
}

/** The menu manager (DOMAIN §1.3): titles, order among siblings and visibility of the route table's entries. */
export default function MenuManagePage() {
  const { t } = useTranslation();
  const menu = useMenuItems();
  const url = useUrlUi(ui);
  const order = useApiMutation(menuEndpoints.order, { success: 'menus.messages.ordered' });
  const toggle = useApiMutation(menuEndpoints.update, { success: 'menus.messages.saved' });
  const [expanded, setExpanded] = useState<React.Key[] | undefined>(undefined);
  const items = useMemo(() => menu.data ?? [], [menu.data]);
  const places = useMemo(() => placesOf(items), [items]);

  const move = (place: Place, to: number) => {
    const names = place.siblings.map((sibling) => sibling.name).filter((name) => name !== place.item.name);
    names.splice(to, 0, place.item.name);
    order.mutate({ body: { parent: place.parent, names } });
  };

  const nodeTitle = (item: MenuItem) => {
    const place = places.get(item.name)!;
    return (
      <span className="agora-menu-node" data-testid={`menu-node-${item.name}`}>
        <span>{titleOf(item)}</span>
        <Typography.Text type="secondary" className="agora-menu-node-id">
          {item.name}
        </Typography.Text>
        {item.hidden && <Tag>{t('menus.routeHidden')}</Tag>}
        {!item.hidden && !item.visible && <Tag color="warning">{t('menus.hiddenTag')}</Tag>}
        <span className="agora-menu-node-actions" onClick={(event) => event.stopPropagation()}>
          <Tooltip title={t('menus.up')}>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('menus.up')} disabled={place.index === 0 || order.isPending} onClick={() => move(place, place.index - 1)} />
          </Tooltip>
          <Tooltip title={t('menus.down')}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('menus.down')}
              disabled={place.index === place.siblings.length - 1 || order.isPending}
              onClick={() => move(place, place.index + 1)}
            />
          </Tooltip>
          {!item.hidden && (
            <Tooltip title={item.visible ? t('menus.hide') : t('menus.show')}>
              <Button
                type="text"
                size="small"
                icon={item.visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                aria-label={item.visible ? t('menus.hide') : t('menus.show')}
                onClick={() => toggle.mutate({ params: { name: item.name }, body: { title_zh: item.title.zh, title_en: item.title.en, visible: !item.visible } })}
              />
            </Tooltip>
          )}
          <Tooltip title={t('common.actions.edit')}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('common.actions.edit')} onClick={() => url.openUi({ edit: item.name })} />
          </Tooltip>
        </span>
      </span>
    );
  };

  const toNodes = (nodes: readonly MenuItem[]): TreeDataNode[] => nodes.map((item) => ({ key: item.name, title: nodeTitle(item), children: toNodes(item.children) }));

  // Drag only among siblings: the route table fixes each entry's parent.
  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) =>
    dropPosition !== 0 && places.get(String(dragNode.key))?.parent === places.get(String(dropNode.key))?.parent;

  const onDrop: TreeProps['onDrop'] = ({ dragNode, node, dropPosition }) => {
    const dragged = places.get(String(dragNode.key));
    const target = places.get(String(node.key));
    if (!dragged || !target || dragged.parent !== target.parent) return;
    // antd's dropPosition counts from the target's index: -1 before it, index + 1 after it.
    const after = dropPosition > target.index;
    let to = after ? target.index + 1 : target.index;
    if (dragged.index < to) to -= 1;
    if (to !== dragged.index) move(dragged, to);
  };

  const editing = url.ui.edit ? places.get(url.ui.edit)?.item : undefined;

  return (
    <Card title={t('route.menuManage')}>
      <Alert type="info" showIcon className="agora-menu-hint" title={t('menus.hint')} style={{ marginBottom: 16 }} />
      <Tree
        blockNode
        draggable={{ icon: false }}
        showLine
        allowDrop={allowDrop}
        onDrop={onDrop}
        treeData={toNodes(items)}
        expandedKeys={expanded ?? [...places.values()].filter((place) => place.item.children.length).map((place) => place.item.name)}
        onExpand={setExpanded}
        selectable={false}
      />
      {editing && <MenuDialog item={editing} onClose={url.closeUi} />}
    </Card>
  );
}
