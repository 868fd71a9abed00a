import { Form, Input, Modal, Radio, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_PATTERN, adminCreateBody, adminUpdateBody, type AdminRow } from '@agora/contract';
import { hashPassword } from '@/lib/auth';
import { msg } from '@/lib/locale';
import { zodRule } from '@/components/zodRule';
import { useCreateAdmin, useRoleOptions, useUpdateAdmin } from './queries';

interface AdminForm {
  username: string;
  password?: string;
  founder: 0 | 1;
  role_id?: number;
  real_name: string;
  department: string;
  mobile: string;
  remark: string;
}

export interface AdminFormDialogProps {
  /** the administrator being edited; undefined adds a new one */
  admin?: AdminRow;
  /** while the edited administrator is still loading */
  loading?: boolean;
  /** only a founder may grant founder rights (the server refuses anyone else) */
  actorIsFounder: boolean;
  onClose: () => void;
}

function initialValues(admin: AdminRow | undefined): AdminForm {
  return {
    username: admin?.username ?? '',
    founder: admin?.founder ?? 0,
    role_id: admin && admin.founder !== 1 ? admin.role_id : undefined,
    real_name: admin?.real_name ?? '',
    department: admin?.department ?? '',
    mobile: admin?.mobile ?? '',
    remark: admin?.remark ?? '',
  };
}

export function AdminFormDialog({ admin, loading = false, actorIsFounder, onClose }: AdminFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdminForm>();
  const founder = Form.useWatch('founder', form);
  const roles = useRoleOptions();
  const create = useCreateAdmin();
  const update = useUpdateAdmin('admins.messages.updated');
  const editing = admin !== undefined || loading;

  const save = (values: AdminForm) => {
    const fields = {
      founder: values.founder,
      role_id: values.founder === 1 ? 0 : (values.role_id ?? 0),
      real_name: values.real_name.trim(),
      department: values.department.trim(),
      mobile: (values.mobile ?? '').trim(),
      remark: values.remark.trim(),
    };
    // A refusal (username taken, founder protection…) is on screen already and keeps what was typed.
    if (admin) {
      update.mutate(
        {
          params: { id: admin.id },
          // The update replaces every field, so what the form does not show goes back unchanged.
          body: { ...fields, face: admin.face, user_state: admin.user_state, password: values.password ? hashPassword(values.password) : undefined },
        },
        { onSuccess: onClose },
      );
    } else {
      create.mutate({ body: { ...fields, username: values.username.trim(), password: hashPassword(values.password ?? '') } }, { onSuccess: onClose });
    }
  };

  return (
    <Modal
      open
      width={560}
      title={t(editing ? 'admins.dialog.editTitle' : 'admins.dialog.addTitle')}
      okText={t('common.actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: create.isPending || update.isPending, disabled: loading }}
    >
      {loading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} initialValues={initialValues(admin)} onFinish={save}>
          {admin ? (
            <Form.Item label={t('admins.form.username')}>{admin.username}</Form.Item>
          ) : (
            <Form.Item
              name="username"
              label={t('admins.form.username')}
              rules={[{ required: true, whitespace: true, message: t('admins.rules.usernameRequired') }, zodRule(adminCreateBody.shape.username)]}
            >
              <Input maxLength={20} autoComplete="off" placeholder={t('admins.placeholders.username')} />
            </Form.Item>
          )}
          <Form.Item
            name="password"
            label={t('admins.form.password')}
            extra={admin ? t('admins.form.passwordKeep') : undefined}
            rules={[
              ...(admin ? [] : [{ required: true, message: t('admins.rules.passwordRequired') }]),
              { pattern: PASSWORD_PATTERN, message: msg('passwordRule') },
            ]}
          >
            <Input.Password maxLength={20} autoComplete="new-password" placeholder={msg('passwordRule')} />
          </Form.Item>
          <Form.Item
            name="founder"
            label={t('admins.form.founder')}
            extra={actorIsFounder ? undefined : t('admins.hints.founderOnly')}
          >
            <Radio.Group
              disabled={!actorIsFounder}
              options={[
                { value: 1, label: t('admins.yes') },
                { value: 0, label: t('admins.no') },
              ]}
            />
          </Form.Item>
          {founder !== 1 && (
            <Form.Item name="role_id" label={t('admins.form.role')} rules={[{ required: true, message: t('admins.rules.roleRequired') }]}>
              <Select
                loading={roles.isPending}
                placeholder={t('admins.placeholders.role')}
                options={roles.data?.data.map((role) => ({ value: role.role_id, label: role.role_name }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          )}
          <Form.Item name="real_name" label={t('admins.form.realName')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="department" label={t('admins.form.department')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="mobile" label={t('admins.form.mobile')} extra={t('admins.form.mobileHint')} rules={[zodRule(adminUpdateBody.shape.mobile)]}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="remark" label={t('admins.form.remark')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
