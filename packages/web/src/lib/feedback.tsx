import { lazy, Suspense, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, Spin, message as staticMessage, type ModalFuncProps, type ThemeConfig } from 'antd';
// antd's App root styles (text, font and the global link styles), without App's modal and notification.
import useAppStyle from 'antd/es/app/style';
import { CloseOutlined } from '@ant-design/icons';
import { LOADING_CLOSE_DELAY_MS, TOAST_MS, TOAST_Z_INDEX } from '@agora/contract';

type MessageApi = ReturnType<typeof staticMessage.useMessage>[0];
export type DialogKind = 'confirm' | 'error' | 'info' | 'success' | 'warning';
/** antd's modal functions (`modal().confirm({...})`); the dialog opens once its code has loaded. */
export type ModalApi = Record<DialogKind, (props: ModalFuncProps) => void>;
type ModalHookApi = Record<DialogKind, (props: ModalFuncProps) => unknown>;

// Code outside React (the request client) reaches antd's feedback through the holders the
// bridge renders inside the providers, so toasts and dialogs follow the current theme and locale.
// Toasts load with the shell; dialogs (antd's Modal) on first use: the sign-in page opens none.
let messageApi: MessageApi | undefined;
let modalHookApi: ModalHookApi | undefined;
let showDialogs: (() => void) | undefined;
const queuedDialogs: [DialogKind, ModalFuncProps][] = [];

const DialogHolder = lazy(() => import('./feedback-dialogs'));

/** Called by the dialog holder once loaded (and with undefined when it goes): opens what waited. */
export function attachDialogs(api: ModalHookApi | undefined): void {
  modalHookApi = api;
  if (api) queuedDialogs.splice(0).forEach(([kind, props]) => api[kind](props));
}

export function FeedbackBridge() {
  const [api, holder] = staticMessage.useMessage();
  const [dialogs, setDialogs] = useState(queuedDialogs.length > 0);
  useEffect(() => {
    messageApi = api;
    showDialogs = () => setDialogs(true);
    return () => {
      if (messageApi === api) messageApi = undefined;
      showDialogs = undefined;
    };
  }, [api]);
  return (
    <>
      {holder}
      {dialogs && (
        <Suspense fallback={null}>
          <DialogHolder />
        </Suspense>
      )}
    </>
  );
}

/** The root antd's App draws (class ant-app: the theme's text, font and link styles), without its holders. */
export function ConsoleRoot({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>{children}</div>;
}

const currentMessageApi = (): MessageApi => messageApi ?? staticMessage;

function openDialog(kind: DialogKind, props: ModalFuncProps): void {
  if (modalHookApi) {
    modalHookApi[kind](props);
    return;
  }
  if (showDialogs) {
    queuedDialogs.push([kind, props]);
    showDialogs();
    return;
  }
  // No bridge mounted: antd's static dialogs, loaded now.
  void import('./feedback-dialogs').then(({ staticDialogs }) => staticDialogs[kind](props));
}

const dialogApi: ModalApi = {
  confirm: (props) => openDialog('confirm', props),
  error: (props) => openDialog('error', props),
  info: (props) => openDialog('info', props),
  success: (props) => openDialog('success', props),
  warning: (props) => openDialog('warning', props),
};

/** The console's theme gives antd's toasts and notifications z-index 9999 (spec §9). */
export const FEEDBACK_THEME_COMPONENTS: ThemeConfig['components'] = {
  Message: { zIndexPopup: TOAST_Z_INDEX },
  Notification: { zIndexPopup: TOAST_Z_INDEX },
};

type ToastType = 'success' | 'error' | 'warning' | 'info';

function show(type: ToastType, text: ReactNode): void {
  const api = currentMessageApi();
  // One toast per text: ten failing requests with the same cause show one message.
  const key = typeof text === 'string' ? `toast:${text}` : `toast:${Date.now()}`;
  api.open({
    key,
    type,
    duration: TOAST_MS / 1000,
    content: (
      <span className="agora-toast">
        {text}
        <CloseOutlined
          className="agora-toast-close"
          role="button"
          aria-label="close"
          onClick={() => api.destroy(key)}
        />
      </span>
    ),
  });
}

/** Toasts of spec §8: 5 seconds, with a close button. */
export const toast = {
  success: (text: ReactNode) => show('success', text),
  error: (text: ReactNode) => show('error', text),
  warning: (text: ReactNode) => show('warning', text),
  info: (text: ReactNode) => show('info', text),
};

export function modal(): ModalApi {
  return dialogApi;
}

let pending = 0;
const loadingListeners = new Set<() => void>();
const emitLoading = () => loadingListeners.forEach((listener) => listener());

export function startLoading(): void {
  pending += 1;
  emitLoading();
}

export function finishLoading(): void {
  setTimeout(() => {
    pending = Math.max(0, pending - 1);
    emitLoading();
  }, LOADING_CLOSE_DELAY_MS);
}

function subscribeLoading(listener: () => void): () => void {
  loadingListeners.add(listener);
  return () => loadingListeners.delete(listener);
}

/** The overlay requests with `loading: true` show. */
export function GlobalLoading() {
  const busy = useSyncExternalStore(subscribeLoading, () => pending > 0);
  return <Spin fullscreen spinning={busy} />;
}
