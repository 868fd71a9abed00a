import { Button, Card, Descriptions, Empty, Flex, Form, Input, Typography } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SEARCH_LIMITS, customWordBody, customWordEndpoints, customWordSecretBody, type CustomWordRow } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { KeywordSearch } from '@/components/KeywordSearch';
import { formatUnixTime } from '@/components/formatTime';
import { ListTable, type ListColumn } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useListPage } from '@/components/list/useListPage';
import { zodRule } from '@/components/zodRule';
import { apiUrl, useApi, useApiMutation } from '@/lib/api';

const ui = { dialog: z.enum(['word', 'secret']) };

function AddWordDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useApiMutation(customWordEndpoints.create, { success: 'search.saved' });
  return (
    <FormDialog title={t('search.custom.add')} form={form} pending={create.isPending} onClose={onClose} initialValues={{ name: '' }} onFinish={(body) => create.mutate({ body }, { onSuccess: onClose })}>
      <Form.Item name="name" label={t('search.custom.word')} rules={[zodRule(customWordBody.shape.name)]}>
        <Input maxLength={SEARCH_LIMITS.customWord} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

function SecretDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ secret_key: string }>();
  const save = useApiMutation(customWordEndpoints.setSecret, { success: 'search.custom.secretSaved' });
  return (
    <FormDialog title={t('search.custom.setSecret')} form={form} pending={save.isPending} onClose={onClose} initialValues={{ secret_key: '' }} onFinish={(body) => save.mutate({ body }, { onSuccess: onClose })}>
      <Form.Item name="secret_key" label={t('search.custom.secret')} extra={t('search.custom.secretHint')} rules={[zodRule(customWordSecretBody.shape.secret_key)]}>
        <Input.Password maxLength={SEARCH_LIMITS.secretKey} autoFocus autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

/** searchKeyword: the custom dictionary words of the search engine's tokenizer, and the key its dictionary pull presents. */
export default function SearchKeywordPage() {
  const { t } = useTranslation();
  const list = useListPage(customWordEndpoints.list, { ui });
  const secret = useApi(customWordEndpoints.secret, {});
  const remove = useApiMutation(customWordEndpoints.remove, { success: 'search.deleted' });
  const columns: ListColumn<CustomWordRow>[] = [
    { title: t('search.custom.word'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('search.createTime'), dataIndex: 'create_time', render: formatUnixTime },
    actionColumn<CustomWordRow>(t('common.actions.operation'), (row) => [
      { label: t('common.actions.delete'), danger: true, confirm: t('search.confirmDelete', { name: row.name }), onClick: () => remove.mutate({ params: { id: row.id } }, { onSuccess: () => list.removed(1) }) },
    ]),
  ];
  const dictUrl = new URL(apiUrl(customWordEndpoints.dict), window.location.origin).toString();
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'secret',
              label: t('search.custom.secret'),
              children: (
                <Flex gap={12} align="center" wrap>
                  <Typography.Text>{secret.data?.is_set ? secret.data.masked : t('search.custom.secretUnset')}</Typography.Text>
                  <Button size="small" icon={<KeyOutlined />} onClick={() => list.openUi({ dialog: 'secret' })}>
                    {secret.data?.is_set ? t('search.custom.changeSecret') : t('search.custom.setSecret')}
                  </Button>
                </Flex>
              ),
            },
            { key: 'dict', label: t('search.custom.dictUrl'), children: <Typography.Text copyable={{ text: `${dictUrl}?secret_key=` }} code>{`${dictUrl}?secret_key=…`}</Typography.Text> },
          ]}
        />
      </Card>
      <Card>
        <Flex wrap gap={12} style={{ marginBottom: 16 }}>
          <KeywordSearch value={list.query.keywords} maxLength={SEARCH_LIMITS.keyword} placeholder={t('search.custom.word')} onSearch={(keywords) => list.filter({ keywords })} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openUi({ dialog: 'word' })}>
            {t('search.custom.add')}
          </Button>
        </Flex>
        <ListTable<CustomWordRow> list={list} rowKey="id" columns={columns} emptyText={<Empty description={t('search.custom.empty')} />} />
      </Card>
      {list.ui.dialog === 'word' && <AddWordDialog onClose={list.closeUi} />}
      {list.ui.dialog === 'secret' && <SecretDialog onClose={list.closeUi} />}
    </Flex>
  );
}
