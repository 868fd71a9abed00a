import { IMAGE_CAPTCHA_VALIDATOR, VALIDATOR_PLUGINS, type OpenValidator } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { readSetting } from '../../platform/settings.js';

/** Settings key naming the open validator plugin (the validator-platform screen writes it). */
export const VALIDATOR_SETTING = 'validator';

/**
 * GET base/validator: the open validator of the stored choice, or the built-in image captcha when
 * none is chosen or the chosen one is not in this build (the sign-in page must always get one).
 */
export async function openValidator(ctx: AppContext): Promise<OpenValidator> {
  const { plugin_id } = await readSetting(ctx.db, VALIDATOR_SETTING, { plugin_id: IMAGE_CAPTCHA_VALIDATOR.plugin_id });
  return VALIDATOR_PLUGINS.find((plugin) => plugin.plugin_id === plugin_id) ?? IMAGE_CAPTCHA_VALIDATOR;
}
