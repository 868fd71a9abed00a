import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_PATTERN, memberCreateBody, memberEndpoints as members } from '@agora/contract';
import { zodRule } from '@/components/zodRule';
import { useApiMutation } from '@/lib/api';
import { hashPassword } from '@/lib/auth';
import { msg } from '@/lib/locale';
import { MemberContactFields } from './MemberContactFields';
import { useMemberLevels } from './queries';

interface AddForm {
  uname: string;
  password: string;
  mobile: string;
  nickname: string;
  email: string;
  sex: 0 | 1;
  level_id?: number;
}

const fields = memberCreateBody.shape;

/** "添加会员": an operator registers a member; without a chosen level the default one applies. */
export function MemberFormDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddForm>();
  const levels = useMemberLevels();
  // A new member counts on the dashboard; its level's member count changes.
  const create = useApiMutation(members.create, { success: 'members.messages.created', invalidates: ['members', 'dashboard'] });

  // A refusal (name or mobile taken) is on screen already and the dialog keeps what was typed.
  const save = (values: AddForm) =>
    create.mutate(
      {
        body: {
          uname: values.uname.trim(),
          password: hashPassword(values.password),
          mobile: values.mobile,
          nickname: values.nickname?.trim() ?? '',
          email: values.email?.trim() ?? '',
          sex: values.sex,
          level_id: values.level_id ?? null,
        },
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      open
      width={560}
      title={t('members.actions.add')}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
    >
      <Form<AddForm> form={form} layout="horizontal" labelCol={{ flex: '90px' }} initialValues={{ sex: 1 }} onFinish={save}>
        <Form.Item name="uname" label={t('members.form.uname')} rules={[{ required: true, whitespace: true, message: t('members.rules.unameRequired') }, zodRule(fields.uname)]}>
          <Input maxLength={20} autoComplete="off" placeholder={t('members.placeholders.uname')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('members.form.password')}
          rules={[{ required: true, message: t('members.rules.passwordRequired') }, { pattern: PASSWORD_PATTERN, message: msg('passwordRule') }]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" placeholder={msg('passwordRule')} />
        </Form.Item>
        <MemberContactFields />
        <Form.Item name="level_id" label={t('members.form.level')} extra={t('members.hints.defaultLevel')}>
          <Select allowClear loading={levels.isPending} options={levels.data?.map((level) => ({ value: level.level_id, label: level.level_name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
