import { Button, Card, Empty, Flex, Form, Input, Modal, Popconfirm, Radio, Select, Space, Spin, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { ROUTE_BY_NAME, idOf, paramBody, paramGroupUpdateBody, type ParamBodyInput, type ParamGroupWithParams, type ParamRow } from '@agora/contract';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';
import { useCategory, useCategoryParams, useParamMutations } from './queries';

/** The page's URL: the group dialog (new or the group edited), the parameter edited, or the group a new parameter goes in. */
const ui = { group: z.union([z.literal('new'), idOf()]), param: idOf(), add_param: idOf() };

function GroupDialog({ group, onSave, saving, onClose }: { group?: ParamGroupWithParams; onSave(name: string): void; saving: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ group_name: string }>();
  return (
    <Modal
      open
      title={group ? t('goods.params.editGroup') : t('goods.params.addGroup')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ group_name: group?.group_name ?? '' }} onFinish={(values) => onSave(values.group_name.trim())}>
        <Form.Item name="group_name" label={t('goods.params.groupName')} rules={[{ required: true, whitespace: true, message: t('goods.params.groupNameRequired') }, zodRule(paramGroupUpdateBody.shape.group_name)]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ParamForm {
  param_name: string;
  param_type: 1 | 2;
  options: string[];
  required: boolean;
  is_index: boolean;
  group_id: number;
}

function ParamDialog({
  param,
  groupId,
  groups,
  onSave,
  saving,
  onClose,
}: {
  param?: ParamRow;
  groupId: number;
  groups: ParamGroupWithParams[];
  onSave(input: ParamBodyInput): void;
  saving: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParamForm>();
  const type = Form.useWatch('param_type', form);
  return (
    <Modal
      open
      title={param ? t('goods.params.editParam') : t('goods.params.addParam')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ParamForm>
        form={form}
        layout="vertical"
        initialValues={{
          param_name: param?.param_name ?? '',
          param_type: param?.param_type ?? 1,
          options: param?.options ?? [],
          required: param?.required === 1,
          is_index: param?.is_index === 1,
          group_id: param?.group_id ?? groupId,
        }}
        onFinish={(values) =>
          onSave({
            param_name: values.param_name.trim(),
            param_type: values.param_type,
            options: values.param_type === 2 ? values.options : [],
            required: values.required ? 1 : 0,
            is_index: values.is_index ? 1 : 0,
            group_id: values.group_id,
          })
        }
      >
        <Form.Item name="param_name" label={t('goods.params.paramName')} rules={[{ required: true, whitespace: true, message: t('goods.params.paramNameRequired') }, zodRule(paramBody.shape.param_name)]}>
          <Input maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item name="param_type" label={t('goods.params.type')}>
          <Radio.Group
            options={[
              { value: 1, label: t('goods.params.typeText') },
              { value: 2, label: t('goods.params.typeSelect') },
            ]}
          />
        </Form.Item>
        {type === 2 && (
          <Form.Item name="options" label={t('goods.params.options')} extra={t('goods.params.optionsHint')} rules={[{ required: true, type: 'array', min: 1, message: t('goods.params.optionsRequired') }]}>
            <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} />
          </Form.Item>
        )}
        <Form.Item name="group_id" label={t('goods.params.group')}>
          <Select options={groups.map((group) => ({ value: group.group_id, label: group.group_name }))} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="required" label={t('goods.params.required')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="is_index" label={t('goods.params.isIndex')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** Parameter groups and parameters of one category (DOMAIN §2.3): order, edit, delete. */
export default function CategoryParamsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categoryId = Number(useParams().id);
  const category = useCategory(categoryId);
  const groups = useCategoryParams(categoryId);
  const m = useParamMutations();
  const url = useUrlUi(ui);
  const close = { onSuccess: url.closeUi };

  const arrows = (index: number, total: number, move: (to: 'up' | 'down') => void, label: string) => (
    <>
      <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`${t('goods.params.up')} ${label}`} disabled={index === 0} onClick={() => move('up')} />
      <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={`${t('goods.params.down')} ${label}`} disabled={index === total - 1} onClick={() => move('down')} />
    </>
  );

  const paramColumns = (group: ParamGroupWithParams): TableColumnsType<ParamRow> => [
    { title: t('goods.params.paramName'), dataIndex: 'param_name', width: 180 },
    { title: t('goods.params.type'), dataIndex: 'param_type', width: 100, render: (type: number) => (type === 2 ? t('goods.params.typeSelect') : t('goods.params.typeText')) },
    { title: t('goods.params.options'), dataIndex: 'options', render: (options: string[]) => options.map((option) => <Tag key={option}>{option}</Tag>) },
    { title: t('goods.params.required'), dataIndex: 'required', width: 80, render: (on: number) => (on ? t('goods.categories.yes') : t('goods.categories.no')) },
    { title: t('goods.params.isIndex'), dataIndex: 'is_index', width: 90, render: (on: number) => (on ? t('goods.categories.yes') : t('goods.categories.no')) },
    {
      title: t('common.actions.operation'),
      key: 'actions',
      width: 200,
      render: (_v, param, index) => (
        <Space size={0}>
          {arrows(index, group.params.length, (to) => m.sortParam.mutate({ params: { id: param.param_id }, query: { sort_type: to } }), param.param_name)}
          <Button type="link" size="small" onClick={() => url.openUi({ param: param.param_id })}>
            {t('common.actions.edit')}
          </Button>
          <Popconfirm title={t('goods.params.confirmDeleteParam', { name: param.param_name })} onConfirm={() => m.removeParam.mutate({ params: { id: param.param_id } })}>
            <Button type="link" size="small" danger>
              {t('common.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const list = groups.data ?? [];
  const editedGroup = typeof url.ui.group === 'number' ? list.find((group) => group.group_id === url.ui.group) : undefined;
  const editedParam = list.flatMap((group) => group.params).find((param) => param.param_id === url.ui.param);
  const newParamGroup = list.find((group) => group.group_id === url.ui.add_param);
  return (
    <Card
      title={
        <Space>
          {t('goods.params.title')}
          {category.data && <Tag color="blue">{category.data.name}</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigate(ROUTE_BY_NAME.get('categoryList')!.path)}>{t('common.actions.back')}</Button>
          <Button type="primary" onClick={() => url.openUi({ group: 'new' })}>
            {t('goods.params.addGroup')}
          </Button>
        </Space>
      }
    >
      {groups.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : list.length === 0 ? (
        <Empty description={t('goods.params.empty')} />
      ) : (
        <Flex vertical gap={16}>
          {list.map((group, index) => (
            <Card
              key={group.group_id}
              size="small"
              data-testid={`param-group-${group.group_id}`}
              title={group.group_name}
              extra={
                <Space size={0}>
                  {arrows(index, list.length, (to) => m.sortGroup.mutate({ params: { id: group.group_id }, query: { sort_type: to } }), group.group_name)}
                  <Button type="link" size="small" onClick={() => url.openUi({ add_param: group.group_id })}>
                    {t('goods.params.addParam')}
                  </Button>
                  <Button type="link" size="small" onClick={() => url.openUi({ group: group.group_id })}>
                    {t('common.actions.edit')}
                  </Button>
                  <Popconfirm
                    title={t('goods.params.confirmDeleteGroup', { name: group.group_name, count: group.params.length })}
                    onConfirm={() => m.removeGroup.mutate({ params: { id: group.group_id } })}
                  >
                    <Button type="link" size="small" danger>
                      {t('common.actions.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              }
            >
              <Table<ParamRow> rowKey="param_id" size="small" columns={paramColumns(group)} dataSource={group.params} pagination={false} locale={{ emptyText: t('goods.params.noParams') }} />
            </Card>
          ))}
        </Flex>
      )}
      {(url.ui.group === 'new' || editedGroup) && (
        <GroupDialog
          group={editedGroup}
          saving={m.createGroup.isPending || m.renameGroup.isPending}
          onSave={(name) =>
            editedGroup
              ? m.renameGroup.mutate({ params: { id: editedGroup.group_id }, body: { group_name: name } }, close)
              : m.createGroup.mutate({ body: { group_name: name, category_id: categoryId } }, close)
          }
          onClose={url.closeUi}
        />
      )}
      {(newParamGroup || editedParam) && (
        <ParamDialog
          param={editedParam}
          groupId={editedParam?.group_id ?? newParamGroup!.group_id}
          groups={list}
          saving={m.createParam.isPending || m.updateParam.isPending}
          onSave={(body) => (editedParam ? m.updateParam.mutate({ params: { id: editedParam.param_id }, body }, close) : m.createParam.mutate({ body }, close))}
          onClose={url.closeUi}
        />
      )}
      {Number.isNaN(categoryId) && <Typography.Text type="danger">{t('goods.params.badId')}</Typography.Text>}
    </Card>
  );
}
