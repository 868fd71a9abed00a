import i18next from 'i18next';
import { MEDIA_MSG, type MediaMsgKey } from '@agora/contract';

const KEY_BY_TEXT = new Map(Object.entries(MEDIA_MSG).map(([key, text]) => [text as string, key as MediaMsgKey]));

/** A media message of the contract (spec §5's verbatim Chinese) in the console's language. */
export function mediaMsg(keyOrText: MediaMsgKey | string): string {
  const key = (keyOrText in MEDIA_MSG ? keyOrText : KEY_BY_TEXT.get(keyOrText)) as MediaMsgKey | undefined;
  if (!key) return keyOrText;
  return i18next.isInitialized ? i18next.t(`media.msg.${key}`, { defaultValue: MEDIA_MSG[key] }) : MEDIA_MSG[key];
}
