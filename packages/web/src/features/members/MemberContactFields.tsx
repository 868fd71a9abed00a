import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { memberCreateBody } from '@agora/contract';
import { MobileInput, useMobileRule } from '@/components/regions';
import { zodRule } from '@/components/zodRule';

const fields = memberCreateBody.shape;

/** Nickname, mobile (with its country code), email and sex: the same fields and rules when a member is added and edited. */
export function MemberContactFields() {
  const { t } = useTranslation();
  const mobileRule = useMobileRule();
  return (
    <>
      <Form.Item name="nickname" label={t('members.form.nickname')} rules={[zodRule(fields.nickname)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="mobile" label={t('members.form.mobile')} rules={[mobileRule]}>
        <MobileInput />
      </Form.Item>
      <Form.Item name="email" label={t('members.form.email')} rules={[zodRule(fields.email)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sex" label={t('members.form.sex')}>
        <Radio.Group
          options={[
            { value: 1, label: t('members.sex.male') },
            { value: 0, label: t('members.sex.female') },
          ]}
        />
      </Form.Item>
    </>
  );
}
