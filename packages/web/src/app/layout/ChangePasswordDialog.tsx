import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isPasswordFormEmpty, sessionEndpoints, validatePasswordForm, type PasswordForm } from '@agora/contract';
import { validOrSay } from '@/components/dialogForm';
import { useApiMutation } from '@/lib/api';
import { hashPassword } from '@/lib/auth';
import { localizeMsg } from '@/lib/locale';
import { clearSession } from '@/lib/session';

const EMPTY: PasswordForm = { old_passwprd: '', password: '', rep_password: '' };
const FIELDS = ['old_passwprd', 'password', 'rep_password'] as const;

interface ChangePasswordDialogProps {
  open: boolean;
  onClose(): void;
}

/** Change own password (spec §5); success ends every session, so the page reloads to /login. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  // Every session ends with the new password: nothing of this one is left to refresh.
  const change = useApiMutation(sessionEndpoints.changePassword, { invalidates: [] });

  // The rules depend on all three fields at once, so each field asks the contract's validator about itself.
  const rulesFor = (field: keyof PasswordForm): Rule[] => [
    {
      validator: () => {
        const error = validatePasswordForm({ ...EMPTY, ...form.getFieldsValue() })[field];
        return error ? Promise.reject(new Error(localizeMsg(error))) : Promise.resolve();
      },
    },
  ];
  const dependencies = (field: keyof PasswordForm) => FIELDS.filter((other) => other !== field);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values: PasswordForm = { ...EMPTY, ...form.getFieldsValue() };
    if (isPasswordFormEmpty(values)) {
      close();
      return;
    }
    if (!(await validOrSay(form))) return;
    change.mutate(
      { body: { old_passwprd: hashPassword(values.old_passwprd), password: hashPassword(values.password) } },
      {
        onSuccess: () => {
          clearSession();
          window.location.replace(`${import.meta.env.BASE_URL}login`);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('layout.password.title')}
      onCancel={close}
      onOk={submit}
      confirmLoading={change.isPending || change.isSuccess}
      destroyOnHidden
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
    >
      <Form form={form} layout="vertical" initialValues={EMPTY} autoComplete="off">
        <Form.Item name="old_passwprd" label={t('layout.password.old')} rules={rulesFor('old_passwprd')} dependencies={dependencies('old_passwprd')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('layout.password.new')}
          extra={t('layout.password.hint')}
          rules={rulesFor('password')}
          dependencies={dependencies('password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rep_password" label={t('layout.password.confirm')} rules={rulesFor('rep_password')} dependencies={dependencies('rep_password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
