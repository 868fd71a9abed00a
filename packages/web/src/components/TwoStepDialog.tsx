import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME, TWO_STEP_DIALOG_WIDTH, TWO_STEP_SCENE, checkSmsCodeBody, verificationEndpoints, type TwoStepSettings } from '@agora/contract';
import { useApiMutation } from '@/lib/api';
import { hashPassword } from '@/lib/auth';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';
import { setSecondStepHandler, TwoStepRequiredError } from '@/lib/request';
import { useCountdown } from './useCountdown';
import { verificationSettingsQuery } from './verificationSettings';
import { announceLeavingForVerification } from '@/lib/drafts';
import { zodRule } from './zodRule';

type Method = 'sms' | 'password';

interface CheckForm {
  sms_code?: string;
  password?: string;
}

/** Long enough to read the warning before the settings page replaces the current one. */
const NOT_CONFIGURED_REDIRECT_MS = 1500;
const VERIFICATION_SETTINGS_PATH = ROUTE_BY_NAME.get('systemSettingsVerification')?.path ?? '/setting/system-verification';

function availableMethods(settings: TwoStepSettings): Method[] {
  const methods: Method[] = [];
  if (settings.message_auth === 1) methods.push('sms');
  if (settings.password_auth === 1) methods.push('password');
  return methods;
}

export interface TwoStepDialogProps {
  open: boolean;
  onPassed: () => void;
  onCancel: () => void;
}

/**
 * Second-step identity verification (spec §2, §5, §8; DOMAIN §1.4): by SMS code to the
 * bound verification mobile or by the verification password, whichever the platform has on.
 */
export function TwoStepDialog({ open, onPassed, onCancel }: TwoStepDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CheckForm>();
  const countdown = useCountdown();
  const [settings, setSettings] = useState<TwoStepSettings>();
  const [method, setMethod] = useState<Method>('sms');
  // The development driver writes the code to the outbox.
  const sendCode = useApiMutation(verificationEndpoints.sendCode, { success: 'common.msg.smsSent', invalidates: [verificationEndpoints.outbox] });
  // A check changes nothing anyone has loaded: the session may now pass the sensitive call.
  const checkCode = useApiMutation(verificationEndpoints.checkSmsCode, { invalidates: [] });
  const checkPassword = useApiMutation(verificationEndpoints.checkPassword, { invalidates: [] });

  const settingsLoaded = useEffectEvent((loaded: TwoStepSettings) => {
    const methods = availableMethods(loaded);
    if (methods.length === 0) {
      onCancel();
      toast.warning(msg('twoStepNotConfigured'));
      setTimeout(() => {
        // The page's unsaved edits are kept for the operator's return (lib/drafts).
        announceLeavingForVerification();
        navigate(VERIFICATION_SETTINGS_PATH);
      }, NOT_CONFIGURED_REDIRECT_MS);
      return;
    }
    setMethod(methods[0]);
    setSettings(loaded);
  });
  const settingsFailed = useEffectEvent(() => onCancel());

  // Read afresh on every opening: another operator may have changed the methods meanwhile.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setSettings(undefined);
    queryClient
      .fetchQuery({ ...verificationSettingsQuery, staleTime: 0 })
      .then((loaded) => current && settingsLoaded(loaded))
      .catch(() => current && settingsFailed());
    return () => {
      current = false;
    };
  }, [open, queryClient]);

  const send = () => sendCode.mutate({}, { onSuccess: () => countdown.start() });

  // A wrong code or password keeps the dialog open for another try.
  const check = (values: CheckForm) => {
    const passed = {
      onSuccess: () => {
        form.resetFields();
        onPassed();
      },
    };
    if (method === 'sms') checkCode.mutate({ body: { scene: TWO_STEP_SCENE, sms_code: values.sms_code?.trim() ?? '' } }, passed);
    else checkPassword.mutate({ body: { password: hashPassword(values.password ?? '') } }, passed);
  };

  const cancel = () => {
    if (settings) form.resetFields();
    onCancel();
  };

  const methods = settings ? availableMethods(settings) : [];

  return (
    <Modal
      open={open}
      width={TWO_STEP_DIALOG_WIDTH}
      style={{ minWidth: 360 }}
      title={t('verification.twoStep.title')}
      okText={t('verification.twoStep.confirm')}
      onOk={() => form.submit()}
      onCancel={cancel}
      okButtonProps={{ loading: checkCode.isPending || checkPassword.isPending, disabled: !settings }}
    >
      {!settings ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={check} requiredMark={false}>
          {methods.length > 1 && (
            <Form.Item label={t('verification.twoStep.method')}>
              <Radio.Group
                optionType="button"
                value={method}
                onChange={(event) => setMethod(event.target.value as Method)}
                options={[
                  { value: 'sms', label: t('verification.twoStep.bySms') },
                  { value: 'password', label: t('verification.twoStep.byPassword') },
                ]}
              />
            </Form.Item>
          )}
          {method === 'sms' ? (
            <>
              <Typography.Paragraph type="secondary">
                {t('verification.twoStep.smsHint', { mobile: settings.mobile })}
              </Typography.Paragraph>
              <Form.Item label={t('verification.fields.smsCode')} required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item
                    name="sms_code"
                    noStyle
                    rules={[{ required: true, message: t('verification.rules.smsCodeRequired') }, zodRule(checkSmsCodeBody.shape.sms_code)]}
                  >
                    <Input maxLength={6} autoComplete="one-time-code" placeholder={t('verification.placeholders.smsCode')} />
                  </Form.Item>
                  <Button onClick={send} loading={sendCode.isPending} disabled={countdown.running}>
                    {countdown.running ? t('verification.resendIn', { seconds: countdown.left }) : t('verification.sendCode')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="password"
              label={t('verification.fields.verifyPassword')}
              rules={[{ required: true, message: t('verification.rules.verifyPasswordRequired') }]}
            >
              <Input.Password autoComplete="off" placeholder={t('verification.placeholders.verifyPassword')} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: () => void;
}

/**
 * `run(fn)` calls fn; when the server answers 428 TWO_STEP_REQUIRED it opens the dialog and,
 * once the check passes, calls fn once more. Render `dialog` somewhere in the page.
 * Cancelling rejects with the original error, which the request client kept silent.
 */
export function useTwoStep() {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  // Several actions failing at once share one dialog.
  const verify = useCallback((): Promise<void> => {
    if (!pending.current) {
      let resolve = () => {};
      let reject = () => {};
      const promise = new Promise<void>((onResolve, onReject) => {
        resolve = () => onResolve();
        reject = () => onReject(new Error('second-step verification cancelled'));
      });
      pending.current = { promise, resolve, reject };
      setOpen(true);
    }
    return pending.current.promise;
  }, []);

  const settle = useCallback((passed: boolean) => {
    const waiting = pending.current;
    pending.current = null;
    setOpen(false);
    if (passed) waiting?.resolve();
    else waiting?.reject();
  }, []);

  const run = useCallback(
    async <T,>(fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (error) {
        if (!(error instanceof TwoStepRequiredError) || error.asked) throw error;
        await verify().catch(() => {
          throw error;
        });
        return fn();
      }
    },
    [verify],
  );

  /**
   * `run` for a write whose failure needs nothing more from the page: the request client has
   * shown the server's reason, or the operator cancelled the check. `then` follows a success.
   */
  const attempt = useCallback(
    <T,>(fn: () => Promise<T>, then?: (value: T) => void): void => {
      run(fn).then(then, () => undefined);
    },
    [run],
  );

  const dialog = <TwoStepDialog open={open} onPassed={() => settle(true)} onCancel={() => settle(false)} />;
  return { run, attempt, verify, dialog };
}

/**
 * The console's one answer to a 428 (lib/request `setSecondStepHandler`): any request an endpoint
 * declares behind the second step opens this dialog and goes again once it passes, whichever page
 * sent it. Rendered once by the signed-in shell.
 */
export function SecondStepGate() {
  const { verify, dialog } = useTwoStep();
  useEffect(() => {
    setSecondStepHandler(() =>
      verify().then(
        () => true,
        () => false,
      ),
    );
    return () => setSecondStepHandler(undefined);
  }, [verify]);
  return dialog;
}
