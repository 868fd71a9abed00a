import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { ApiOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  OAUTH2_GRANT_TYPES,
  OAUTH2_REDIRECT_URIS_MAX,
  OAUTH2_TOKEN_LIMITS,
  REDIRECTING_GRANTS,
  idOf,
  oauth2ClientBody,
  oauth2Endpoints,
  redirectUriProblem,
  type OAuth2Client,
  type OAuth2ClientInput,
  type OAuth2ClientSecret,
  type OAuth2GrantType,
} from '@agora/contract';
import { BrandSelect } from '@/components/BrandSelect';
import { FormDialog, saveWith } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { TwoLines } from '@/components/TwoLines';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { CategoryScopeField, ShopScopeField } from './ScopeFields';
import { useCreateOAuth2Client, useDeleteOAuth2Client, useOAuth2Client, useRotateOAuth2Secret, useUpdateOAuth2Client } from './queries';

/** The page's URL beside the list query: the client dialog, for a new client or the one edited. The secret never goes there. */
const ui = { edit: z.union([z.literal('new'), idOf()]) };

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** A lifetime in the largest unit that divides it: 1 小时, 30 天, 90 秒. */
function useLifetime() {
  const { t } = useTranslation();
  return (seconds: number) => {
    for (const [unit, size] of UNITS) if (seconds % size === 0) return t(`oauth2.units.${unit}`, { count: seconds / size });
    return t('oauth2.units.second', { count: seconds });
  };
}

interface ClientForm extends Omit<OAuth2ClientInput, 'status' | 'redirect_uris'> {
  enabled: boolean;
  redirect_uris: string[];
}

const DEFAULTS: ClientForm = {
  client_name: '',
  enabled: true,
  access_token_validity: 7_200,
  refresh_token_validity: 2_592_000,
  grant_types: ['authorization_code', 'refresh_token'],
  redirect_uris: [''],
  shop_ids: [],
  brand_ids: [],
  category_ids: [],
};

const toForm = (client: OAuth2Client): ClientForm => ({
  client_name: client.client_name,
  enabled: client.status === 1,
  access_token_validity: client.access_token_validity,
  refresh_token_validity: client.refresh_token_validity,
  grant_types: client.grant_types,
  redirect_uris: client.redirect_uris.length ? client.redirect_uris : [''],
  shop_ids: client.shops.map((shop) => shop.shop_id),
  brand_ids: client.brands.map((brand) => brand.brand_id),
  category_ids: client.categories.map((category) => category.category_id),
});

/** The client id of a saved client, and the rotation of its secret (the new one is shown once, like a new client's). */
function ClientIdRow({ client, onRotated }: { client: OAuth2Client; onRotated(secret: OAuth2ClientSecret): void }) {
  const { t } = useTranslation();
  const rotate = useRotateOAuth2Secret();
  return (
    <Form.Item label={t('oauth2.fields.clientId')} extra={t('oauth2.secret.issued', { time: formatUnixTime(client.secret_time) })}>
      <Flex gap={12} align="center" wrap>
        <Typography.Text code copyable>
          {client.client_id}
        </Typography.Text>
        <Popconfirm title={t('oauth2.actions.rotateConfirm')} onConfirm={() => rotate.mutate({ params: { id: client.id } }, { onSuccess: onRotated })}>
          <Button loading={rotate.isPending}>{t('oauth2.actions.rotate')}</Button>
        </Popconfirm>
      </Flex>
    </Form.Item>
  );
}

function ClientDialog({ client, onClose, onCreated }: { client: OAuth2Client | null; onClose(): void; onCreated(secret: OAuth2ClientSecret): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClientForm>();
  const create = useCreateOAuth2Client();
  const update = useUpdateOAuth2Client();
  const { pending } = saveWith(create, update);
  const grants = Form.useWatch('grant_types', form) ?? [];
  const needsRedirect = grants.some((grant) => REDIRECTING_GRANTS.includes(grant));

  const submit = (values: ClientForm) => {
    const { enabled, ...rest } = values;
    const body: OAuth2ClientInput = { ...rest, status: enabled ? 1 : 0, redirect_uris: values.redirect_uris.map((uri) => uri.trim()).filter(Boolean) };
    if (client) update.mutate({ params: { id: client.id }, body }, { onSuccess: onClose });
    else create.mutate({ body }, { onSuccess: onCreated });
  };

  return (
    <FormDialog<ClientForm>
      title={client ? t('oauth2.edit') : t('oauth2.add')}
      form={form}
      width={720}
      pending={pending}
      onClose={onClose}
      initialValues={client ? toForm(client) : DEFAULTS}
      onFinish={submit}
    >
      {client && <ClientIdRow client={client} onRotated={onCreated} />}
      <Form.Item name="client_name" label={t('oauth2.fields.name')} rules={[{ required: true, whitespace: true, message: t('oauth2.form.nameRequired') }, zodRule(oauth2ClientBody.shape.client_name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="enabled" label={t('oauth2.fields.status')} valuePropName="checked">
        <Switch checkedChildren={t('oauth2.status.enabled')} unCheckedChildren={t('oauth2.status.disabled')} />
      </Form.Item>
      <Space size={24} wrap>
        <Form.Item name="access_token_validity" label={t('oauth2.fields.accessValidity')} rules={[{ required: true, message: t('oauth2.form.lifetimeRequired') }]}>
          <InputNumber min={OAUTH2_TOKEN_LIMITS.min} max={OAUTH2_TOKEN_LIMITS.accessMax} precision={0} suffix={t('oauth2.form.seconds')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="refresh_token_validity"
          label={t('oauth2.fields.refreshValidity')}
          dependencies={['access_token_validity']}
          rules={[
            { required: true, message: t('oauth2.form.lifetimeRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | undefined) => {
                if (value !== undefined && value < (getFieldValue('access_token_validity') ?? 0)) throw new Error(t('oauth2.form.refreshShorter'));
              },
            }),
          ]}
        >
          <InputNumber min={OAUTH2_TOKEN_LIMITS.min} max={OAUTH2_TOKEN_LIMITS.refreshMax} precision={0} suffix={t('oauth2.form.seconds')} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Form.Item name="grant_types" label={t('oauth2.fields.grantTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('oauth2.form.grantRequired') }]}>
        <Checkbox.Group options={OAUTH2_GRANT_TYPES.map((grant) => ({ value: grant, label: t(`oauth2.grants.${grant}`) }))} />
      </Form.Item>
      <Form.List
        name="redirect_uris"
        rules={[
          {
            validator: async (_rule, uris: string[]) => {
              if (needsRedirect && !uris.some((uri) => uri?.trim())) throw new Error(t('oauth2.form.redirectRequired'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('oauth2.fields.redirectUris')} required={needsRedirect}>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="baseline">
                <Form.Item
                  name={field.name}
                  style={{ flex: 1, marginBottom: 8 }}
                  rules={[
                    {
                      validator: async (_rule, value: string | undefined) => {
                        if (value?.trim() && redirectUriProblem(value.trim())) throw new Error(t('oauth2.form.redirectInvalid'));
                      },
                    },
                  ]}
                >
                  <Input placeholder="https://example.com/oauth/callback" maxLength={500} />
                </Form.Item>
                {fields.length > 1 && <MinusCircleOutlined aria-label={t('oauth2.form.removeRedirect')} onClick={() => remove(field.name)} />}
              </Flex>
            ))}
            {fields.length < OAUTH2_REDIRECT_URIS_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                {t('oauth2.form.addRedirect')}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </Form.Item>
        )}
      </Form.List>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
        {t('oauth2.form.scopeHint')}
      </Typography.Text>
      <Form.Item name="shop_ids" label={t('oauth2.fields.shops')}>
        <ShopScopeField />
      </Form.Item>
      <Form.Item name="brand_ids" label={t('oauth2.fields.brands')}>
        <BrandSelect multiple placeholder={t('oauth2.form.addBrand')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="category_ids" label={t('oauth2.fields.categories')}>
        <CategoryScopeField />
      </Form.Item>
    </FormDialog>
  );
}

/** The secret, once: after a create or a rotation. Closing it forgets the secret. */
function SecretDialog({ secret, onClose }: { secret: OAuth2ClientSecret; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('oauth2.secret.title')} onCancel={onClose} onOk={onClose} okText={t('oauth2.secret.saved')} cancelButtonProps={{ style: { display: 'none' } }} width={640}>
      <Alert type="warning" showIcon title={t('oauth2.secret.once')} style={{ marginBottom: 16 }} />
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('oauth2.fields.clientId')}</Typography.Text>
        <Typography.Text code copyable data-testid="oauth2-client-id">
          {secret.client_id}
        </Typography.Text>
        <Typography.Text type="secondary">{t('oauth2.fields.secret')}</Typography.Text>
        <Typography.Text code copyable data-testid="oauth2-client-secret">
          {secret.client_secret}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}

/**
 * OAuth2 clients (DOMAIN §2.29): systems that call the open API. The secret is shown once, on
 * create and on rotate, and is stored hashed; lifetimes, grants, redirect URIs and the scope of
 * shops, brands and categories are edited in the dialog.
 */
export default function OAuth2ClientPage() {
  const { t } = useTranslation();
  const lifetime = useLifetime();
  const list = useListPage(oauth2Endpoints.list, { ui });
  const remove = useDeleteOAuth2Client();
  const update = useUpdateOAuth2Client();
  const [secret, setSecret] = useState<OAuth2ClientSecret>();
  const { edit } = list.ui;
  const editedId = typeof edit === 'number' ? edit : undefined;
  const listed = list.rows.find((client) => client.id === editedId);
  const fetched = useOAuth2Client(listed || editedId === undefined ? undefined : editedId);
  const edited = listed ?? fetched.data;

  const setStatus = (client: OAuth2Client, status: 0 | 1) =>
    update.mutate({ params: { id: client.id }, body: { ...toForm(client), status, redirect_uris: client.redirect_uris } });

  const columns: ListColumn<OAuth2Client>[] = [
    {
      title: t('oauth2.fields.name'),
      key: 'name',
      render: (_value, client) => <TwoLines first={client.client_name} second={<Typography.Text copyable={{ text: client.client_id }} style={{ fontSize: 12, color: 'inherit' }}>{client.client_id}</Typography.Text>} />,
    },
    {
      title: t('oauth2.fields.grantTypes'),
      dataIndex: 'grant_types',
      render: (grants: OAuth2GrantType[]) => (
        <Flex wrap gap={4} style={{ maxWidth: 180 }}>
          {grants.map((grant) => (
            <Tag key={grant}>{t(`oauth2.grants.${grant}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('oauth2.columns.lifetimes'),
      key: 'lifetimes',
      render: (_value, client) => (
        <TwoLines
          first={`${t('oauth2.columns.access')} ${lifetime(client.access_token_validity)}`}
          second={`${t('oauth2.columns.refresh')} ${lifetime(client.refresh_token_validity)}`}
        />
      ),
    },
    {
      title: t('oauth2.columns.scope'),
      key: 'scope',
      render: (_value, client) => (
        <TwoLines
          first={t('oauth2.columns.scopeShopsBrands', { shops: client.shops.length, brands: client.brands.length })}
          second={t('oauth2.columns.scopeCategories', { categories: client.categories.length })}
        />
      ),
    },
    {
      title: t('oauth2.fields.status'),
      dataIndex: 'status',
      render: (status: number, client) => (
        <TwoLines
          first={status ? <Tag color="green">{t('oauth2.status.enabled')}</Tag> : <Tag>{t('oauth2.status.disabled')}</Tag>}
          second={t('oauth2.columns.secretIssued', { day: formatUnixTime(client.secret_time).split(' ')[0] })}
        />
      ),
    },
    actionColumn<OAuth2Client>(t('common.actions.operation'), (client) => [
      { label: t('common.actions.edit'), onClick: () => list.openUi({ edit: client.id }) },
      client.status === 1
        ? { label: t('oauth2.actions.disable'), confirm: t('oauth2.actions.disableConfirm'), onClick: () => setStatus(client, 0) }
        : { label: t('oauth2.actions.enable'), onClick: () => setStatus(client, 1) },
      { label: t('common.actions.delete'), danger: true, confirm: t('oauth2.actions.deleteConfirm'), onClick: () => remove.mutate({ params: { id: client.id } }, { onSuccess: () => list.removed(1) }) },
    ]),
  ];

  return (
    <Card>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch value={list.query.keyword} maxLength={50} placeholder={t('oauth2.filters.keyword')} width={280} onSearch={(keyword) => list.filter({ keyword })} />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('oauth2.fields.status')}
          value={list.query.status}
          onChange={(status?: number) => list.filter({ status })}
          options={[
            { value: 1, label: t('oauth2.status.enabled') },
            { value: 0, label: t('oauth2.status.disabled') },
          ]}
        />
        <Button type="primary" onClick={() => list.openUi({ edit: 'new' })}>
          {t('oauth2.add')}
        </Button>
        {/* What an integrator given a client calls: the server's reference page, signed in with this session. */}
        <Button href="/api/docs" target="_blank" icon={<ApiOutlined />} style={{ marginLeft: 'auto' }}>
          {t('oauth2.apiReference')}
        </Button>
      </Flex>
      <ListTable<OAuth2Client> list={list} rowKey="id" columns={columns} emptyText={t('oauth2.empty')} />
      {(edit === 'new' || edited) && (
        <ClientDialog
          client={edit === 'new' ? null : edited!}
          onClose={list.closeUi}
          onCreated={(issued) => {
            list.closeUi();
            setSecret(issued);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />}
    </Card>
  );
}
