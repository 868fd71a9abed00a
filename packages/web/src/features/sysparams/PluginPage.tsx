import { Alert, Card, Empty, Form, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PLUGIN_ENDPOINTS, type PluginConfig, type PluginEndpoints, type PluginKind } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { formatUnixTime } from '@/components/formatTime';
import { actionColumn } from '@/components/list/RowActions';
import { useUrlUi } from '@/components/list/useUrlUi';
import { useApi, useApiMutation } from '@/lib/api';

const ui = { edit: z.string().max(40) };

interface PluginForm {
  config: Record<string, string>;
  secrets: Record<string, string>;
}

function useLabel() {
  const { i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  return (text: { zh: string; en: string }) => (english ? text.en : text.zh);
}

/** The required items a plugin lacks: it cannot be opened until they are filled in (the server refuses it too). */
const missingItems = (plugin: PluginConfig) =>
  plugin.items.filter((item) => item.required && !(item.secret ? plugin.secrets_set.includes(item.name) : plugin.config[item.name]?.trim()));

function PluginDialog({ endpoints, plugin, onClose }: { endpoints: PluginEndpoints; plugin: PluginConfig; onClose(): void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [form] = Form.useForm<PluginForm>();
  const save = useApiMutation(endpoints.save, { success: 'sysparams.plugins.saved' });
  return (
    <FormDialog<PluginForm>
      width={560}
      title={t('sysparams.plugins.editTitle', { name: label(plugin.name) })}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      initialValues={{ config: { ...plugin.config }, secrets: {} }}
      onFinish={(values) => save.mutate({ params: { plugin_id: plugin.plugin_id }, body: { config: values.config ?? {}, secrets: values.secrets ?? {} } }, { onSuccess: onClose })}
    >
      {plugin.items.map((item) => {
        // Required whether or not the plugin is open: a half-filled platform could never be opened. A stored secret left empty is kept.
        const rules = item.required ? [{ required: !item.secret || !plugin.secrets_set.includes(item.name), whitespace: true, message: `${t('sysparams.plugins.missing', { labels: label(item.label) })}` }] : [];
        if (!item.secret) {
          return (
            <Form.Item key={item.name} name={['config', item.name]} label={label(item.label)} rules={rules}>
              <Input maxLength={1000} />
            </Form.Item>
          );
        }
        const set = plugin.secrets_set.includes(item.name);
        return (
          <Form.Item key={item.name} name={['secrets', item.name]} label={label(item.label)} extra={set ? t('sysparams.plugins.secretSet') : t('sysparams.plugins.secretHint')} rules={rules}>
            <Input.Password autoComplete="new-password" placeholder={set ? t('sysparams.plugins.secretKeep') : ''} visibilityToggle={false} maxLength={1000} />
          </Form.Item>
        );
      })}
    </FormDialog>
  );
}

/**
 * One screen for every plugin-style config (DOMAIN §2.29): the plugins of a kind, which one is open,
 * their items (secrets write-only); opening one closes the other. Built-in plugins cannot be edited.
 */
export function PluginPage({ kind }: { kind: PluginKind }) {
  const { t } = useTranslation();
  const label = useLabel();
  const endpoints: PluginEndpoints = PLUGIN_ENDPOINTS[kind];
  const plugins = useApi(endpoints.list, {});
  const open = useApiMutation(endpoints.open, { success: (plugin) => ['sysparams.plugins.switched', { name: label(plugin.name) }] });
  const { ui: state, openUi, closeUi } = useUrlUi(ui);
  const rows = plugins.data ?? [];
  const current = rows.find((plugin) => plugin.open === 1);
  const edited = rows.find((plugin) => plugin.plugin_id === state.edit);

  const columns: ColumnsType<PluginConfig> = [
    {
      title: t('sysparams.plugins.name'),
      key: 'name',
      render: (_v, plugin) => (
        <>
          <Typography.Text strong>{label(plugin.name)}</Typography.Text>
          {plugin.builtin && <Tag style={{ marginInlineStart: 8 }}>{t('sysparams.plugins.builtin')}</Tag>}
        </>
      ),
    },
    {
      title: t('sysparams.plugins.state'),
      key: 'open',
      width: 120,
      render: (_v, plugin) => (plugin.open ? <Tag color="green">{t('sysparams.plugins.opened')}</Tag> : <Tag>{t('sysparams.plugins.closed')}</Tag>),
    },
    {
      title: t('sysparams.plugins.configured'),
      key: 'items',
      render: (_v, plugin) => {
        if (plugin.items.length === 0) return <Typography.Text type="secondary">{t('sysparams.plugins.noItems')}</Typography.Text>;
        const missing = missingItems(plugin);
        const shown = plugin.items.filter((item) => !item.secret && plugin.config[item.name]).map((item) => `${label(item.label)}：${plugin.config[item.name]}`);
        return (
          <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 3, tooltip: true }}>
            {shown.join('；')}
            {plugin.secrets_set.length > 0 && <Typography.Text type="secondary">{`${shown.length ? '；' : ''}${t('sysparams.plugins.secretsSet', { count: plugin.secrets_set.length })}`}</Typography.Text>}
            {missing.length > 0 && <Typography.Text type="warning">{` ${t('sysparams.plugins.missing', { labels: missing.map((item) => label(item.label)).join('、') })}`}</Typography.Text>}
          </Typography.Paragraph>
        );
      },
    },
    { title: t('sysparams.plugins.updateTime'), dataIndex: 'update_time', width: 170, render: formatUnixTime },
    actionColumn<PluginConfig>(t('common.actions.operation'), (plugin) => [
      { label: t('sysparams.plugins.configure'), onClick: () => openUi({ edit: plugin.plugin_id }), disabledReason: plugin.builtin ? t('sysparams.plugins.builtinHint') : undefined },
      {
        label: t('sysparams.plugins.open'),
        disabledReason: plugin.open
          ? t('sysparams.plugins.alreadyOpen')
          : missingItems(plugin).length > 0
            ? t('sysparams.plugins.missing', { labels: missingItems(plugin).map((item) => label(item.label)).join('、') })
            : undefined,
        confirm: t('sysparams.plugins.confirmOpen', { name: label(plugin.name), current: current ? label(current.name) : '—' }),
        onClick: () => open.mutate({ params: { plugin_id: plugin.plugin_id } }),
      },
    ]),
  ];

  return (
    <Card>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t(`sysparams.plugins.hint.${kind}`)} />
      <Table<PluginConfig>
        rowKey="plugin_id"
        columns={columns}
        dataSource={rows}
        loading={plugins.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('sysparams.plugins.empty')} /> }}
      />
      {edited && !edited.builtin && <PluginDialog key={`${edited.plugin_id}-${edited.update_time}`} endpoints={endpoints} plugin={edited} onClose={closeUi} />}
    </Card>
  );
}

export const SmsGatewayPage = () => <PluginPage kind="SMS" />;
export const ExpressPlatformPage = () => <PluginPage kind="EXPRESS" />;
export const WaybillPlatformPage = () => <PluginPage kind="WAYBILL" />;
export const StorageSolutionPage = () => <PluginPage kind="STORAGE" />;
export const ValidatorPlatformPage = () => <PluginPage kind="VALIDATOR" />;
export const TranslationPlatformPage = () => <PluginPage kind="TRANSLATION" />;
