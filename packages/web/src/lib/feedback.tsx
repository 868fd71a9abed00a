import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App, Modal, Spin, message as staticMessage, type ThemeConfig } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { LOADING_CLOSE_DELAY_MS, TOAST_MS, TOAST_Z_INDEX } from '@agora/contract';

type AppApi = ReturnType<typeof App.useApp>;
type MessageApi = AppApi['message'];
type ModalApi = Pick<typeof Modal, 'confirm' | 'error' | 'info' | 'success' | 'warning'>;

// Code outside React (the request client) reaches antd's feedback through the App
// context captured here, so toasts and dialogs follow the current theme and locale.
let appApi: AppApi | undefined;

export function FeedbackBridge(): null {
  const api = App.useApp();
  useEffect(() => {
    appApi = api;
    return () => {
      if (appApi === api) appApi = undefined;
    };
  }, [api]);
  return null;
}

const messageApi = (): MessageApi => appApi?.message ?? staticMessage;
const modalApi = (): ModalApi => appApi?.modal ?? Modal;

/** The console's theme gives antd's toasts and notifications z-index 9999 (spec §9). */
export const FEEDBACK_THEME_COMPONENTS: ThemeConfig['components'] = {
  Message: { zIndexPopup: TOAST_Z_INDEX },
  Notification: { zIndexPopup: TOAST_Z_INDEX },
};

type ToastType = 'success' | 'error' | 'warning' | 'info';

function show(type: ToastType, text: ReactNode): void {
  const api = messageApi();
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
  return modalApi();
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
