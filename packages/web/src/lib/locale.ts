import i18next from 'i18next';
import { DEFAULT_LANG, MSG, STORAGE_KEYS } from '@agora/contract';
import { storage } from './storage';

export type MsgKey = keyof typeof MSG;

/** The console's language: the one i18n settled on, or before that the stored choice. */
export function currentLanguage(): string {
  return i18next.language || storage.get<string>(STORAGE_KEYS.language) || DEFAULT_LANG;
}

export function isChinese(language = currentLanguage()): boolean {
  return language.toLowerCase().startsWith('zh');
}

/** A spec message (contract MSG) in the current language; zh-CN is the spec's own text. */
export function msg(key: MsgKey, params: Record<string, string | number> = {}): string {
  if (i18next.isInitialized) return i18next.t(`common.msg.${key}`, { defaultValue: MSG[key], ...params });
  return MSG[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}

const MSG_KEY_BY_TEXT = new Map<string, MsgKey>(Object.entries(MSG).map(([key, text]) => [text, key as MsgKey]));

/** Translates a message the contract produced (e.g. a validation result); other texts pass through. */
export function localizeMsg(text: string): string {
  const key = MSG_KEY_BY_TEXT.get(text);
  return key ? msg(key) : text;
}
