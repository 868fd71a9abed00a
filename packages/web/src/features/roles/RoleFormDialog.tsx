import { Form, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleBody, type RoleDetail } from '@agora/contract';
import { zodRule } from '@/components/zodRule';
import { useCreateRole, useUpdateRole } from './queries';

interface RoleForm {
  role_name: string;
  role_describe: string;
}

export interface RoleFormDialogProps {
  /** the role being edited; undefined adds a new one */
  role?: RoleDetail;
  /** while the edited role is still loading */
  loading?: boolean;
  onClose: () => void;
}

export function RoleFormDialog({ role, loading = false, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleForm>();
  const create = useCreateRole();
  const update = useUpdateRole('roles.messages.updated');
  const editing = role !== undefined || loading;

  const save = (values: RoleForm) => {
    const input = { role_name: values.role_name.trim(), role_describe: values.role_describe.trim() };
    // A taken name is refused by the server with a message already shown; the dialog keeps what was typed.
    if (role) {
      // The update replaces the permission list too; this dialog edits only name and description.
      update.mutate({ params: { id: role.role_id }, body: { ...input, permissions: role.permissions } }, { onSuccess: onClose });
    } else {
      create.mutate({ body: { ...input, permissions: [] } }, { onSuccess: onClose });
    }
  };

  return (
    <Modal
      open
      width={520}
      title={t(editing ? 'roles.dialog.editTitle' : 'roles.dialog.addTitle')}
      okText={t('common.actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: create.isPending || update.isPending, disabled: loading }}
    >
      {loading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role_name: role?.role_name ?? '', role_describe: role?.role_describe ?? '' }}
          onFinish={save}
        >
          <Form.Item
            name="role_name"
            label={t('roles.form.name')}
            rules={[{ required: true, whitespace: true, message: t('roles.rules.nameRequired') }, zodRule(roleBody.shape.role_name)]}
          >
            <Input maxLength={20} showCount placeholder={t('roles.placeholders.name')} />
          </Form.Item>
          <Form.Item name="role_describe" label={t('roles.form.describe')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder={t('roles.placeholders.describe')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
