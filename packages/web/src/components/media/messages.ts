import i18next from 'i18next';
import { MEDIA_MSG, type MediaMsgKey } from '@agora/contract';

/** A media message of the contract (spec §5's verbatim Chinese) in the console's language. */
export function mediaMsg(key: MediaMsgKey): string {
  return i18next.isInitialized ? i18next.t(`media.msg.${key}`, { defaultValue: MEDIA_MSG[key] }) : MEDIA_MSG[key];
}
