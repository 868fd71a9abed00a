import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';

interface FormDialogProps<V> {
  /** the dialog's title: add or edit what */
  title: ReactNode;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  /** called with the validated values; the caller sends them and closes on success */
  onFinish(values: V): void;
  /** the request is on its way: the save button spins and cannot be pressed twice */
  pending?: boolean;
  width?: number;
  /** the confirm button's text when the dialog does more than save (发送) */
  okText?: ReactNode;
  onClose(): void;
  children: ReactNode;
}

/**
 * The add/edit dialog of every list: a vertical form in a modal with 保存 and 取消. A wrong
 * field keeps the dialog open, marks the field and says 表单填写有误，请核对！ (spec §5).
 */
export function FormDialog<V extends object>({ title, form, initialValues, onFinish, pending, width, okText, onClose, children }: FormDialogProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={width}
      title={title}
      okText={okText ?? t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish} onFinishFailed={() => toast.error(msg('formInvalid'))}>
        {children}
      </Form>
    </Modal>
  );
}

/** Saves a dialog's body: updates the record edited, or creates one; closes the dialog when the server took it. */
export function saveWith<Body, Id>(
  create: { mutate(vars: { body: Body }, options: { onSuccess(): void }): void; isPending: boolean },
  update: { mutate(vars: { params: { id: Id }; body: Body }, options: { onSuccess(): void }): void; isPending: boolean },
) {
  return {
    pending: create.isPending || update.isPending,
    save(id: Id | undefined, body: Body, onSaved: () => void) {
      if (id !== undefined) update.mutate({ params: { id }, body }, { onSuccess: onSaved });
      else create.mutate({ body }, { onSuccess: onSaved });
    },
  };
}
