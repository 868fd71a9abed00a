import { Button, Card, Flex, Form, Input, Radio, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { idOf, ROUTE_BY_NAME, smsEndpoints, smsTemplateBody, SMS_LIMITS, SMS_TEMPLATE_TYPES, type SmsTemplateInput, type SmsTemplateRow } from '@agora/contract';
import { useUrlUi } from '@/components/list/useUrlUi';
import { zodRule } from '@/components/zodRule';
import { useApi, useApiMutation } from '@/lib/api';

const ui = { id: idOf() };

function TemplateForm({ template }: { template: SmsTemplateRow | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SmsTemplateInput>();
  const add = useApiMutation(smsEndpoints.addTemplate, { success: 'sms.saved' });
  const edit = useApiMutation(smsEndpoints.editTemplate, { success: 'sms.saved' });
  const submit = useApiMutation(smsEndpoints.submitTemplate, { success: 'sms.submitted' });
  const audit = ROUTE_BY_NAME.get('addTemplateAudit')!.path;
  const shape = smsTemplateBody.shape;

  /** saves, then (when asked) hands it to the provider; either way the audit list follows it */
  const save = async (values: SmsTemplateInput, andSubmit: boolean) => {
    const saved = template ? await edit.mutateAsync({ params: { id: template.id }, body: values }) : await add.mutateAsync({ body: values });
    if (andSubmit) await submit.mutateAsync({ params: { id: saved.id } }).catch(() => undefined);
    navigate(audit);
  };
  const pending = add.isPending || edit.isPending || submit.isPending;

  return (
    <Form<SmsTemplateInput>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={template ? { template_name: template.template_name, template_type: template.template_type, content: template.content, remark: template.remark } : { template_type: 'NOTIFICATION' }}
      onFinish={(values) => save(values, false)}
    >
      <Form.Item name="template_name" label={t('sms.templates.name')} rules={[{ required: true, message: '请填写模板名称' }, zodRule(shape.template_name)]}>
        <Input maxLength={SMS_LIMITS.templateName} showCount autoFocus />
      </Form.Item>
      <Form.Item name="template_type" label={t('sms.templates.type')} rules={[{ required: true, message: '请选择模板类型' }]} extra={t('sms.templates.typeHint')}>
        <Radio.Group optionType="button" options={SMS_TEMPLATE_TYPES.map((value) => ({ value, label: t(`sms.templateType.${value}`) }))} />
      </Form.Item>
      <Form.Item name="content" label={t('sms.templates.content')} rules={[{ required: true, message: '请填写模板内容' }, zodRule(shape.content)]} extra={t('sms.templates.contentHint')}>
        <Input.TextArea maxLength={SMS_LIMITS.content} showCount rows={5} />
      </Form.Item>
      <Form.Item name="remark" label={t('sms.remark')} rules={[{ required: true, message: '请填写申请说明' }, zodRule(shape.remark)]}>
        <Input.TextArea maxLength={SMS_LIMITS.remark} showCount rows={3} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('common.actions.save')}
        </Button>
        <Button loading={pending} onClick={() => form.validateFields().then((values) => save(values, true))}>
          {t('sms.templates.saveAndSubmit')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('common.actions.cancel')}</Button>
      </Flex>
    </Form>
  );
}

/** addMessageTemplate (添加短信模板): a new template, or `?id=` to edit one before or after a refusal. */
export default function AddTemplatePage() {
  const { t } = useTranslation();
  const { ui: state } = useUrlUi(ui);
  const template = useApi(smsEndpoints.template, { params: { id: state.id ?? 0 } }, { enabled: state.id !== undefined });
  if (state.id !== undefined && template.isError) return <Result status="404" title={t('sms.templates.notFound')} />;
  return (
    <Card title={state.id !== undefined ? t('sms.templates.edit') : t('sms.templates.add')}>
      {state.id !== undefined && !template.data ? <Spin /> : <TemplateForm key={template.data?.id ?? 'new'} template={template.data ?? null} />}
    </Card>
  );
}
