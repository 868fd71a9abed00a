import { useEffect } from 'react';
import { Modal } from 'antd';
import { attachDialogs } from './feedback';

/** antd's static dialogs, for code that runs without the bridge mounted. */
export const staticDialogs = Modal;

/** The dialogs' holder the bridge renders on the first `modal()` call (loaded then, not with the sign-in page). */
export default function DialogHolder() {
  const [api, holder] = Modal.useModal();
  useEffect(() => {
    attachDialogs(api);
    return () => attachDialogs(undefined);
  }, [api]);
  return holder;
}
