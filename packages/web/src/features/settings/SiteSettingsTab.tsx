import { Alert, Button, Divider, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SITE_LIMITS, siteSettingsBody, type SiteSettings } from '@agora/contract';
import { ImageUpload } from '@/components/ImageUpload';
import { OnOff, SettingsForm, documentRule, type SettingsTabProps } from './SettingsForm';

type ImageKey = 'logo' | 'default_img' | 'admin_icon' | 'seller_icon' | 'buyer_icon';
const IMAGES: { key: ImageKey; help?: string }[] = [
  { key: 'logo' },
  { key: 'admin_icon', help: 'adminIconHelp' },
  { key: 'default_img', help: 'defaultImgHelp' },
  { key: 'seller_icon' },
  { key: 'buyer_icon' },
];

/** A picture uploaded through POST admin/uploaders, and a way to go without one. */
function ImageField({ value, onChange, id, label }: { value?: string; onChange?(url: string): void; id?: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Space align="end">
      <ImageUpload value={value} onChange={onChange} scene="site" id={id} />
      {value && (
        <Button type="link" size="small" aria-label={`${t('settings.site.removeImage')} ${label}`} onClick={() => onChange?.('')}>
          {t('settings.site.removeImage')}
        </Button>
      )}
    </Space>
  );
}

/**
 * What test mode does, and that it is for testing: switched on by mistake in production it
 * cancels unpaid orders within seconds, so once on the warning becomes an alarm.
 */
function TestModeNote({ form }: { form: FormInstance<SiteSettings> }) {
  const { t } = useTranslation();
  const on = Form.useWatch('test_mode', form) === 1;
  return (
    <>
      {t('settings.site.testModeHelp')}
      <Alert
        type={on ? 'error' : 'warning'}
        showIcon
        data-testid="test-mode-warning"
        title={t(on ? 'settings.site.testModeOn' : 'settings.site.testModeWarning')}
        style={{ maxWidth: 640, marginTop: 8 }}
      />
    </>
  );
}

const rule = (path: keyof SiteSettings) => [documentRule(siteSettingsBody, [path])];

/** admin/settings/site (DOMAIN §2.29 "Site"). */
export function SiteSettingsTab(props: SettingsTabProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`settings.site.${key}`);
  return (
    <SettingsForm {...props} docKey="site">
      {(form) => (
        <>
          <Divider titlePlacement="start">{label('basic')}</Divider>
          <Form.Item name="site_name" label={label('site_name')} required rules={rule('site_name')}>
            <Input maxLength={SITE_LIMITS.site_name} showCount style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item name="title" label={label('title')} extra={label('titleHelp')} required rules={rule('title')}>
            <Input maxLength={SITE_LIMITS.title} showCount style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item name="keywords" label={label('keywords')} extra={label('keywordsHelp')} rules={rule('keywords')}>
            <Input maxLength={SITE_LIMITS.keywords} style={{ maxWidth: 640 }} />
          </Form.Item>
          <Form.Item name="descript" label={label('descript')} rules={rule('descript')}>
            <Input.TextArea maxLength={SITE_LIMITS.descript} showCount autoSize={{ minRows: 3, maxRows: 6 }} style={{ maxWidth: 640 }} />
          </Form.Item>

          <Divider titlePlacement="start">{label('status')}</Divider>
          <Form.Item name="siteon" label={label('siteon')} rules={rule('siteon')}>
            <OnOff aria-label={label('siteon')} />
          </Form.Item>
          <Form.Item noStyle dependencies={['siteon']}>
            {() =>
              form.getFieldValue('siteon') === 0 && (
                <Form.Item
                  name="close_reason"
                  label={label('close_reason')}
                  extra={label('closeReasonHelp')}
                  required
                  dependencies={['siteon']}
                  rules={rule('close_reason')}
                >
                  <Input.TextArea maxLength={SITE_LIMITS.close_reason} showCount autoSize={{ minRows: 2, maxRows: 4 }} style={{ maxWidth: 640 }} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="test_mode" label={label('test_mode')} extra={<TestModeNote form={form} />} rules={rule('test_mode')}>
            <OnOff aria-label={label('test_mode')} />
          </Form.Item>

          <Divider titlePlacement="start">{label('images')}</Divider>
          {IMAGES.map(({ key, help }) => (
            <Form.Item key={key} name={key} label={label(key)} extra={help && label(help)} rules={rule(key)}>
              <ImageField label={label(key)} />
            </Form.Item>
          ))}

          <Divider titlePlacement="start">{label('domain')}</Divider>
          <Form.Item name="buyer_domain" label={label('buyer_domain')} extra={label('buyerDomainHelp')} required rules={rule('buyer_domain')}>
            <Input placeholder={label('placeholders.buyer_domain')} style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item name="record" label={label('record')} rules={rule('record')}>
            <Input maxLength={SITE_LIMITS.record} placeholder={label('placeholders.record')} style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item name="link" label={label('link')} rules={rule('link')}>
            <Input placeholder={label('placeholders.link')} style={{ maxWidth: 480 }} />
          </Form.Item>

          <Divider titlePlacement="start">{label('features')}</Divider>
          <Form.Item name="chat_enabled" label={label('chat_enabled')} extra={label('chatHelp')} rules={rule('chat_enabled')}>
            <OnOff aria-label={label('chat_enabled')} />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
