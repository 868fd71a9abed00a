import { Form, Input, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TEMPLATE_LIMITS, MESSAGE_VARIABLES, messageTemplateEndpoints, type MessageChannel, type MessageTemplateRow } from '@agora/contract';
import { FormDialog } from '@/components/FormDialog';
import { useApiMutation } from '@/lib/api';
import { isChinese } from '@/lib/locale';

interface ChannelForm {
  open: boolean;
  email_title?: string;
  content: string;
}

const stateOf = (row: MessageTemplateRow, channel: MessageChannel) => (channel === 'notice' ? row.notice_state : channel === 'sms' ? row.sms_state : row.email_state);
const contentOf = (row: MessageTemplateRow, channel: MessageChannel) => (channel === 'notice' ? row.notice_content : channel === 'sms' ? row.sms_content : row.email_content);

/** One channel of a template: on/off and its text, with the event's placeholders to insert. */
export function ChannelDialog({ template, channel, onClose }: { template: MessageTemplateRow; channel: MessageChannel; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ChannelForm>();
  const update = useApiMutation(messageTemplateEndpoints.update, { success: 'notices.templates.saved' });
  const insert = (name: string) => form.setFieldValue('content', `${form.getFieldValue('content') ?? ''}\${${name}}`);
  return (
    <FormDialog<ChannelForm>
      width={640}
      title={`${template.tpl_name} · ${t(`notices.channels.${channel}`)}`}
      form={form}
      pending={update.isPending}
      onClose={onClose}
      initialValues={{ open: stateOf(template, channel) === 'OPEN', email_title: template.email_title, content: contentOf(template, channel) }}
      onFinish={(values) =>
        update.mutate(
          {
            params: { id: template.id },
            body: { channel, state: values.open ? 'OPEN' : 'CLOSED', content: values.content, ...(channel === 'email' ? { email_title: values.email_title ?? '' } : {}) },
          },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item name="open" label={t('notices.templates.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {channel === 'email' && (
        <Form.Item name="email_title" label={t('notices.templates.emailTitle')} rules={[{ required: true, whitespace: true, message: '请填写邮件标题' }]}>
          <Input maxLength={MESSAGE_TEMPLATE_LIMITS.email_title} />
        </Form.Item>
      )}
      <Form.Item name="content" label={t('notices.templates.content')} rules={[{ required: true, whitespace: true, message: '请填写模板内容' }]}>
        <Input.TextArea rows={channel === 'email' ? 8 : 4} maxLength={MESSAGE_TEMPLATE_LIMITS[channel]} showCount />
      </Form.Item>
      <Typography.Text type="secondary">{t('notices.templates.variables')}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        {template.variables.map((name) => (
          <Tag key={name} style={{ cursor: 'pointer', marginBottom: 4 }} onClick={() => insert(name)}>
            {`\${${name}} ${isChinese(i18n.language) ? MESSAGE_VARIABLES[name].zh : MESSAGE_VARIABLES[name].en}`}
          </Tag>
        ))}
      </div>
    </FormDialog>
  );
}

export { stateOf };
