import { Button, Card, Flex, Form, Result, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MESSAGE_VARIABLES, ROUTE_BY_NAME, WECHAT_KEYWORDS_MAX, wechatEndpoints, wechatNoticeParams, type WechatNoticeInput, type WechatNoticeRow, type WechatTemplateRow } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';
import { isChinese } from '@/lib/locale';

const BACK = () => ROUTE_BY_NAME.get('wechatMessage')!.path;

function NoticeForm({ notice, templates }: { notice: WechatNoticeRow; templates: WechatTemplateRow[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<WechatNoticeInput>();
  const save = useApiMutation(wechatEndpoints.update, { success: 'notices.wechat.saved' });
  const templateId = Form.useWatch('template_id', form);
  const keywords = templates.find((row) => row.template_id === templateId)?.keywords ?? [];
  const label = (name: keyof typeof MESSAGE_VARIABLES) => (isChinese(i18n.language) ? MESSAGE_VARIABLES[name].zh : MESSAGE_VARIABLES[name].en);
  return (
    <Form<WechatNoticeInput>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ template_id: notice.template_id || undefined, keywords: notice.keywords }}
      onFinish={(values) => save.mutate({ params: { notice_type: notice.notice_type }, body: { template_id: values.template_id, keywords: values.keywords ?? [] } }, { onSuccess: () => navigate(BACK()) })}
    >
      <Form.Item name="template_id" label={t('notices.wechat.template')} rules={[{ required: true, message: '请选择微信模板' }]}>
        <Select
          placeholder={t('notices.wechat.chooseTemplate')}
          notFoundContent={t('notices.wechat.emptyTemplates')}
          options={templates.map((row) => ({ value: row.template_id, label: `${row.title}（${row.template_id}）` }))}
          onChange={() => form.setFieldValue('keywords', [])}
        />
      </Form.Item>
      <Typography.Text strong>{t('notices.wechat.mapping', { max: WECHAT_KEYWORDS_MAX })}</Typography.Text>
      <Form.List name="keywords">
        {(fields, { add, remove }) => (
          <div style={{ marginTop: 8 }}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'keyword']} rules={[{ required: true, message: '请填写关键词' }]}>
                  <Select style={{ width: 200 }} placeholder={t('notices.wechat.keyword')} options={keywords.map((keyword) => ({ value: keyword, label: keyword }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'field']} rules={[{ required: true, message: '请选择字段' }]}>
                  <Select style={{ width: 220 }} placeholder={t('notices.wechat.field')} options={notice.variables.map((name) => ({ value: name, label: `${label(name)}（${name}）` }))} />
                </Form.Item>
                <MinusCircleOutlined aria-label={t('common.actions.delete')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= WECHAT_KEYWORDS_MAX || !templateId} onClick={() => add()}>
              {t('notices.wechat.addMapping')}
            </Button>
          </div>
        )}
      </Form.List>
      <Flex gap={12} style={{ marginTop: 24 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.actions.save')}
        </Button>
        <Button onClick={() => navigate(BACK())}>{t('common.actions.back')}</Button>
      </Flex>
    </Form>
  );
}

/** wechatTemplate (hidden): the template one member event uses on WeChat and which event field fills each keyword. */
export default function WechatTemplatePage() {
  const { t } = useTranslation();
  const parsed = wechatNoticeParams.safeParse(useParams());
  const notice = useApi(wechatEndpoints.notice, { params: { notice_type: parsed.success ? parsed.data.notice_type : 'MEMBERORDERSSEND' } }, { enabled: parsed.success });
  const templates = useApi(wechatEndpoints.templates, {});
  if (!parsed.success) return <Result status="404" title={t('notices.wechat.unknown')} />;
  return (
    <Card title={notice.data?.notice_name ?? ''} loading={notice.isLoading || templates.isLoading}>
      {notice.data && templates.data && <NoticeForm notice={notice.data} templates={templates.data} />}
    </Card>
  );
}
